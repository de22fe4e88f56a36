import { paths } from '@coldmail/registry/pages';
import { useParams } from '@coldmail/router';
import { useApiRequest } from '@coldmail/session';
import { Alert, ButtonLink, Card, formatUsd, PageLoader } from '@coldmail/ui';
import { fetchItem } from '../api/item';
import styles from './PremiumItemPage.module.css';

/** A digital item's page (/premium/:slug/:itemId): what it is, its price, and the way to buy it. */
export function PremiumItemPage() {
  const { itemId = '' } = useParams();
  const request = useApiRequest(itemId ? `item:${itemId}` : null, () => fetchItem(itemId));

  return (
    <section className={styles.page} data-remote="marketing" data-page="PremiumItemPage">
      {request.status === 'loading' ? (
        <PageLoader />
      ) : request.status === 'error' ? (
        <Alert tone="error" title={request.error.status === 404 ? 'Item not found' : undefined}>
          {request.error.status === 404
            ? "We couldn't find this item. It may have been removed."
            : `Failed to load the item: ${request.error.message}`}
        </Alert>
      ) : (
        <Card className={styles.card}>
          {request.data.imageUrl && (
            <img className={styles.image} src={request.data.imageUrl} alt={request.data.name} />
          )}
          <div className={styles.body}>
            <h1 className={styles.title}>{request.data.name}</h1>
            <p className={styles.price}>{formatUsd(request.data.price)}</p>
            {request.data.guidelines && <p className={styles.text}>{request.data.guidelines}</p>}
            <ButtonLink to={paths.itemBuy(request.data._id)} size="lg">
              Buy Now
            </ButtonLink>
          </div>
        </Card>
      )}
    </section>
  );
}
