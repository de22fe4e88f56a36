import { accountDeleteBodySchema } from '@coldmail/contracts';
import { paths } from '@coldmail/registry/pages';
import { useNavigate } from '@coldmail/router';
import { sessionActions, useSession } from '@coldmail/session';
import { Alert, Button, Modal, TextField, toast } from '@coldmail/ui';
import { useId, useState, type FormEvent } from 'react';
import { useDeleteAccount } from '../api/account-data';
import styles from './PrivacyDataPage.module.css';

/** As the API compares them: the typed address trimmed and in lower case. */
const typedAddressOf = (typed: string) =>
  accountDeleteBodySchema.safeParse({ userEmail: typed }).data?.userEmail;

/**
 * "Delete my account": what goes and what stays, then the account's address typed again; the
 * delete button waits for it. Once deleted, the user is signed out and taken home.
 */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const accountEmail = useSession((state) => state.user?.email ?? '');
  const [typed, setTyped] = useState('');
  const remove = useDeleteAccount();
  const navigate = useNavigate();
  const formId = useId();
  const matches = typedAddressOf(typed) === accountEmail.toLowerCase();
  const fieldError = remove.error?.fieldErrors.userEmail;

  const close = () => {
    setTyped('');
    remove.reset();
    onClose();
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    if (!matches || remove.isPending) return;
    remove.mutate(typed, {
      onSuccess: async ({ message }) => {
        toast.success(message, { duration: 5000 });
        await sessionActions.signOut();
        navigate(paths.home);
      },
    });
  };

  return (
    <Modal
      open={open}
      onClose={remove.isPending ? () => undefined : close}
      closeOnOverlayClick={!remove.isPending}
      title="Delete your account?"
      description="This cannot be undone."
      footer={
        <>
          <Button variant="secondary" disabled={remove.isPending} onClick={close}>
            Cancel
          </Button>
          <Button
            type="submit"
            form={formId}
            variant="danger"
            disabled={!matches}
            loading={remove.isPending}
            loadingText="Deleting…"
          >
            Delete my account
          </Button>
        </>
      }
    >
      <ul className={styles.terms}>
        <li>
          Deleted: your sign-in, your profile and photo, your generated emails, your support tickets
          and the images you uploaded.
        </li>
        <li>
          Kept: your orders and invoices, as accounting law requires, with the name and address on
          them; your e-mail address is removed from them.
        </li>
        <li>Your credit balance is forfeited.</li>
        <li>
          Free trial credits are not given again to this e-mail address, even if you sign up with it
          later.
        </li>
      </ul>
      <form id={formId} onSubmit={confirm} noValidate>
        <TextField
          label="Your e-mail address"
          hint={`Type ${accountEmail} to confirm.`}
          type="email"
          autoComplete="off"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          error={fieldError}
        />
      </form>
      {remove.error && !fieldError && <Alert tone="error">{remove.error.message}</Alert>}
    </Modal>
  );
}
