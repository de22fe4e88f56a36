import { useRef, useState } from 'react';
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

/**
 * A reply under a conversation: Send is disabled while blank or blocked, and busy while sending.
 * Once sent, the focus goes back to the emptied text box (Send, disabled again, cannot keep it).
 */
export function TicketReplyForm({
  label,
  sending,
  onSend,
  blockedReason,
  error,
}: TicketReplyFormProps) {
  const [reply, setReply] = useState('');
  const textBox = useRef<HTMLTextAreaElement>(null);
  const disabled = Boolean(blockedReason) || (!sending && reply.trim() === '');
  return (
    <form
      className={styles.reply}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        if (!disabled && !sending)
          void onSend(reply.trim())
            .then(() => {
              setReply('');
              // Unless the user has moved on meanwhile.
              const focused = document.activeElement;
              if (!focused || focused === document.body || form.contains(focused)) {
                textBox.current?.focus();
              }
            })
            .catch(() => undefined);
      }}
    >
      <TextArea
        ref={textBox}
        label={label}
        rows={3}
        value={reply}
        maxLength={5000}
        hint={blockedReason}
        onChange={(event) => setReply(event.target.value)}
      />
      {error && <Alert tone="error">{error}</Alert>}
      <Button type="submit" disabled={disabled} loading={sending} loadingText="Sending...">
        Send
      </Button>
    </form>
  );
}
