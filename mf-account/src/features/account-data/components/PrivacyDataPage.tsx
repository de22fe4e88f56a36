import { Button, Card, PageHeader, toast } from '@coldmail/ui';
import { useState } from 'react';
import { useDownloadMyData } from '../api/account-data';
import { DeleteAccountDialog } from './DeleteAccountDialog';
import styles from './PrivacyDataPage.module.css';

/** /user/privacy — the user's data: a copy to download, and the account's deletion. */
export function PrivacyDataPage() {
  const download = useDownloadMyData();
  const [deleting, setDeleting] = useState(false);

  return (
    <section className={styles.page} data-remote="account" data-page="PrivacyDataPage">
      <PageHeader
        title="Privacy & data"
        subtitle="Take a copy of what we keep about you, or delete your account."
      />
      <Card title="Your data">
        <div className={styles.choice}>
          <div>
            <h3 className={styles.heading}>Download my data</h3>
            <p className={styles.text}>
              One JSON file with your profile, orders, credit history, generated emails, support
              tickets and links to the images you uploaded.
            </p>
          </div>
          <Button
            variant="secondary"
            loading={download.isPending}
            loadingText="Preparing your file…"
            onClick={() =>
              download.mutate(undefined, {
                onError: (error) => toast.error(`Download failed: ${error.message}`),
              })
            }
          >
            Download my data
          </Button>
        </div>
        <div className={styles.choice}>
          <div>
            <h3 className={styles.heading}>Delete my account</h3>
            <p className={styles.text}>
              Your account and what it holds go for good; you are told first what stays.
            </p>
          </div>
          <Button variant="danger" onClick={() => setDeleting(true)}>
            Delete my account
          </Button>
        </div>
      </Card>
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </section>
  );
}
