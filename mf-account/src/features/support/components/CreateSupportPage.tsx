import { zodResolver } from '@hookform/resolvers/zod';
import { newSupportMessageBodySchema } from '@coldmail/contracts';
import { paths } from '@coldmail/registry/pages';
import { useNavigate } from '@coldmail/router';
import { api, useMe } from '@coldmail/session';
import { Badge, Button, Card, PageHeader, TextArea, TextField, toast } from '@coldmail/ui';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import styles from './Support.module.css';

const ticketFormSchema = newSupportMessageBodySchema.pick({ subject: true, message: true });
type TicketForm = z.input<typeof ticketFormSchema>;

/** /user/create-support — a new ticket, from the signed-in user's record. */
export function CreateSupportPage() {
  const { record: profile, status: profileStatus } = useMe();
  const navigate = useNavigate();
  const form = useForm<TicketForm>({
    resolver: zodResolver(ticketFormSchema),
    defaultValues: { subject: '', message: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      await api.support.create({ body: values });
      toast.success('Support ticket created successfully');
      navigate(paths.userSupport);
    } catch {
      toast.error('Failed to create support ticket');
    }
  });

  useEffect(() => {
    if (profileStatus === 'error') toast.error('Error loading user data');
  }, [profileStatus]);

  return (
    <section className={styles.page} data-remote="account" data-page="CreateSupportPage">
      <PageHeader title="Create Support Ticket" />
      <Card>
        <div className={styles.author}>
          {profile?.profileURL ? (
            <img className={styles.avatar} src={profile.profileURL} alt="" width={56} height={56} />
          ) : (
            <span className={styles.initial} aria-hidden="true">
              {profile?.userName.slice(0, 1).toUpperCase() ?? '?'}
            </span>
          )}
          <div>
            <strong>{profile?.userName ?? ''}</strong>
            <div>
              <Badge tone="info">{profile?.userRole ?? 'member'}</Badge>
            </div>
          </div>
        </div>
        <form className={styles.form} onSubmit={submit} noValidate>
          <TextField
            label="Subject"
            required
            error={errors.subject?.message}
            {...form.register('subject')}
          />
          <TextArea
            label="Message"
            rows={6}
            required
            error={errors.message?.message}
            {...form.register('message')}
          />
          <Button type="submit" loading={isSubmitting} loadingText="Submitting...">
            Submit Ticket
          </Button>
        </form>
      </Card>
    </section>
  );
}
