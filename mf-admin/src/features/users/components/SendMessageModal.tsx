import type { UserRecord } from '@coldmail/contracts';
import { api } from '@coldmail/session';
import { Alert, Button, Modal, TextArea, TextField, toast } from '@coldmail/ui';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

/** An e-mail to one user; the server sanitises its HTML and keeps a copy on their record. */
export function SendMessageModal({ user, onClose }: { user: UserRecord | null; onClose(): void }) {
  const [subject, setSubject] = useState('');
  const [messageBody, setMessageBody] = useState('');
  const send = useMutation({
    mutationFn: () =>
      api.messages.send({ body: { toEmail: user?.userEmail ?? '', subject, messageBody } }),
    onSuccess: () => {
      toast.success('Message sent successfully.');
      setSubject('');
      setMessageBody('');
      onClose();
    },
    onError: (error) =>
      toast.error(
        error.status ? error.message || 'Failed to send message.' : 'Error sending message.',
      ),
  });
  const ready = subject.trim() !== '' && messageBody.trim() !== '';
  return (
    <Modal
      open={user !== null}
      onClose={onClose}
      title="Send Message"
      description={user ? `To ${user.userName} <${user.userEmail}>` : undefined}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!ready || send.isPending} onClick={() => send.mutate()}>
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
      {send.isError && <Alert tone="error">Failed to send message.</Alert>}
    </Modal>
  );
}
