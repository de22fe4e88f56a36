import { paths } from '@coldmail/registry/pages';
import { useParams } from '@coldmail/router';
import { api } from '@coldmail/session';
import { Alert, ButtonLink, Card, formatMoney, PageLoader } from '@coldmail/ui';
import { useQuery } from '@coldmail/query';
import styles from './PremiumItemPage.module.css';

/** A digital item's page (/premium/:slug/:itemId): what it is, its price, and the way to buy it. */
export function PremiumItemPage() {
  const { itemId = '' } = useParams();
  const item = useQuery({
    ...api.items.get.query({ params: { id: itemId } }),
    select: (answer) => answer.data,
  });

  return (
    <section className={styles.page} data-remote="marketing" data-page="PremiumItemPage">
      {item.isPending ? (
        <PageLoader />
      ) : item.isError ? (
        <Alert tone="error" title={item.error.status === 404 ? 'Item not found' : undefined}>
          {item.error.status === 404
            ? "We couldn't find this item. It may have been removed."
            : `Failed to load the item: ${item.error.message}`}
        </Alert>
      ) : (
        <Card className={styles.card}>
          {item.data.imageUrl && (
            <img className={styles.image} src={item.data.imageUrl} alt={item.data.name} />
          )}
          <div className={styles.body}>
            <h1 className={styles.title}>{item.data.name}</h1>
            <p className={styles.price}>{formatMoney(item.data.price, item.data.currency)}</p>
            {item.data.guidelines && <p className={styles.text}>{item.data.guidelines}</p>}
            <ButtonLink to={paths.itemBuy(item.data._id)} size="lg">
              Buy Now
            </ButtonLink>
          </div>
        </Card>
      )}
    </section>
  );
}
