import { Button, Card } from '@coldmail/ui';
import type { Ref } from 'react';
import { copyToClipboard, downloadEmail, emailText } from '../utils/emailFile';
import styles from './GenerateEmail.module.css';

interface GeneratedEmailCardProps {
  /** The card's heading, where an email opened from the history takes focus. */
  ref: Ref<HTMLSpanElement>;
  /** The email as the model writes it; null when no generation is under way. */
  streaming: string | null;
  result: { subject: string; body: string } | null;
}

/** The email being written, or the last one generated or opened, with copy and download. */
export function GeneratedEmailCard({ ref, streaming, result }: GeneratedEmailCardProps) {
  return (
    <Card
      title={
        <span ref={ref} tabIndex={-1}>
          Generated Email
        </span>
      }
    >
      {streaming !== null ? (
        <pre className={styles.body} data-testid="streaming-email" aria-live="polite">
          {streaming || 'Writing...'}
        </pre>
      ) : result ? (
        <div className={styles.result} data-testid="generated-email">
          <div className={styles.line}>
            <strong>Subject: {result.subject}</strong>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => void copyToClipboard(result.subject, 'Subject')}
            >
              Copy Subject
            </Button>
          </div>
          <pre className={styles.body}>{result.body}</pre>
          <div className={styles.actions}>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => void copyToClipboard(result.body, 'Body')}
            >
              Copy Body
            </Button>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void copyToClipboard(emailText(result), 'Email')}
            >
              Copy Entire Email
            </Button>
            <Button size="sm" variant="secondary" onClick={() => downloadEmail(result)}>
              Download as Text
            </Button>
          </div>
        </div>
      ) : (
        <p className={styles.muted}>Your email appears here once it is generated.</p>
      )}
    </Card>
  );
}
