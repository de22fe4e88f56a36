import { useState } from 'react';
import { Alert } from '../alert/Alert';
import { Button } from '../button/Button';
import { TextArea } from '../form/TextArea';
import styles from './Support.module.css';

export interface TicketReplyFormProps {
  label: string;
  sending: boolean;
  /** Resolves once sent; the text is cleared then. */
  onSend(message: string): Promise<unknown>;
  /** Replies are refused (e.g. a closed ticket, for admins): Send stays disabled, the hint says why. */
  blockedReason?: string;
  /** Why the last reply failed, if it did. */
  error?: string | null;
}

/** A reply under a conversation: Send is disabled while blank, sending or blocked. */
export function TicketReplyForm({
  label,
  sending,
  onSend,
  blockedReason,
  error,
}: TicketReplyFormProps) {
  const [reply, setReply] = useState('');
  const disabled = Boolean(blockedReason) || sending || reply.trim() === '';
  return (
    <form
      className={styles.reply}
      onSubmit={(event) => {
        event.preventDefault();
        if (!disabled)
          void onSend(reply.trim())
            .then(() => setReply(''))
            .catch(() => undefined);
      }}
    >
      <TextArea
        label={label}
        rows={3}
        value={reply}
        maxLength={5000}
        hint={blockedReason}
        onChange={(event) => setReply(event.target.value)}
      />
      {error && <Alert tone="error">{error}</Alert>}
      <Button type="submit" disabled={disabled}>
        {sending ? 'Sending...' : 'Send'}
      </Button>
    </form>
  );
}
