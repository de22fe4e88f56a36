import type { UserRecord } from '@coldmail/contracts';
import { api } from '@coldmail/session';
import { Button, Modal, TextArea, TextField, toast } from '@coldmail/ui';
import { useMutation } from '@coldmail/query';
import { useState } from 'react';
import { USERS_MESSAGE_MS } from '../utils/messageDuration';

/**
 * An e-mail to one user; the server sanitises its HTML and keeps a copy on their record. Each
 * opening, and each recipient, starts with an empty draft and no earlier send's outcome.
 */
export function SendMessageModal({ user, onClose }: { user: UserRecord | null; onClose(): void }) {
  return user ? <MessageDraft key={user._id} user={user} onClose={onClose} /> : null;
}

function MessageDraft({ user, onClose }: { user: UserRecord; onClose(): void }) {
  const [subject, setSubject] = useState('');
  const [messageBody, setMessageBody] = useState('');
  const send = useMutation({
    mutationFn: () =>
      api.messages.send({ body: { toEmail: user.userEmail, subject, messageBody } }),
    // The spec's texts, as a toast (the users' messages clear after 3 s).
    onSuccess: () => toast.success('Message sent successfully.', { duration: USERS_MESSAGE_MS }),
    onError: (error) =>
      toast.error(
        error.status ? error.message || 'Failed to send message.' : 'Error sending message.',
        { duration: USERS_MESSAGE_MS },
      ),
  });
  const ready = subject.trim() !== '' && messageBody.trim() !== '';
  return (
    <Modal
      open
      onClose={onClose}
      title="Send Message"
      description={`To ${user.userName} <${user.userEmail}>`}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={!ready || send.isPending}
            // Closes only if still open for this user: a send finishing later closes no other draft.
            onClick={() => send.mutate(undefined, { onSuccess: onClose })}
          >
            {send.isPending ? 'Sending...' : 'Send'}
          </Button>
        </>
      }
    >
      <TextField
        label="Subject"
        value={subject}
        maxLength={200}
        onChange={(event) => setSubject(event.target.value)}
      />
      <TextArea
        label="Message"
        rows={8}
        value={messageBody}
        hint="Basic HTML formatting is kept; scripts and unsafe markup are removed."
        onChange={(event) => setMessageBody(event.target.value)}
      />
    </Modal>
  );
}
