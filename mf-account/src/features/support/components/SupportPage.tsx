import { ticketStatuses, type SupportTicket } from '@coldmail/contracts';
import { paths } from '@coldmail/registry/pages';
import { api, domainKey } from '@coldmail/session';
import {
  Alert,
  Button,
  ButtonLink,
  PageHeader,
  PageLoader,
  Select,
  TextArea,
  TextField,
  TicketConversation,
  TicketList,
  filterTickets,
  noTicketFilters,
  type TicketFilters,
} from '@coldmail/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import styles from './Support.module.css';

/** New replies show up without a reload. */
const POLL_MS = 10_000;

const statusOptions = [
  { value: '', label: 'All statuses' },
  ...ticketStatuses.map((status) => ({ value: status, label: status })),
];

/** /user/support — the user's tickets and their conversations. */
export function SupportPage() {
  const [filters, setFilters] = useState<TicketFilters>(noTicketFilters);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const tickets = useQuery({
    ...api.support.list.query({ query: {} }),
    refetchInterval: POLL_MS,
  });
  const shown = tickets.data ? filterTickets(tickets.data, filters) : [];

  return (
    <section className={styles.page} data-remote="account" data-page="SupportPage">
      <PageHeader
        title="Support"
        actions={<ButtonLink to={paths.userCreateSupport}>Create Ticket</ButtonLink>}
      />
      <div className={styles.filters}>
        <Select
          label="Status"
          options={statusOptions}
          value={filters.status}
          onChange={(event) => setFilters({ ...filters, status: event.target.value })}
        />
        <TextField
          label="From"
          type="date"
          value={filters.from}
          onChange={(event) => setFilters({ ...filters, from: event.target.value })}
        />
        <TextField
          label="To"
          type="date"
          value={filters.to}
          onChange={(event) => setFilters({ ...filters, to: event.target.value })}
        />
      </div>
      {tickets.isPending ? (
        <PageLoader />
      ) : tickets.isError ? (
        <Alert tone="error">Could not load your tickets: {tickets.error.message}</Alert>
      ) : (
        <div className={styles.layout}>
          <div>
            <h2 className={styles.heading}>Support Tickets ({shown.length})</h2>
            <TicketList tickets={shown} selectedId={selectedId} onSelect={setSelectedId} />
          </div>
          {selectedId ? (
            <SelectedTicket id={selectedId} />
          ) : (
            <p className={styles.placeholder}>Select a ticket to view messages</p>
          )}
        </div>
      )}
    </section>
  );
}

function SelectedTicket({ id }: { id: string }) {
  const ticket = useQuery({
    ...api.support.get.query({ params: { id } }),
    refetchInterval: POLL_MS,
  });
  if (ticket.isPending) return <PageLoader />;
  if (ticket.isError) return <Alert tone="error">Could not load this ticket.</Alert>;
  return (
    <TicketConversation ticket={ticket.data} viewer="user">
      <ReplyForm ticket={ticket.data} />
    </TicketConversation>
  );
}

function ReplyForm({ ticket }: { ticket: SupportTicket }) {
  const [reply, setReply] = useState('');
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (message: string) =>
      api.support.update({
        params: { id: ticket._id },
        body: {
          // The spec's call: the status and the whole conversation with the new entry last.
          ticketStatus: 'in-progress',
          adminMessage: [...ticket.adminMessage, { message }],
        },
      }),
    onSuccess: () => {
      setReply('');
      return queryClient.invalidateQueries({ queryKey: domainKey('support') });
    },
    onError: (error) => console.error('Sending the reply failed', error),
  });
  const blank = reply.trim() === '';
  return (
    <form
      className={styles.reply}
      onSubmit={(event) => {
        event.preventDefault();
        if (!blank && !send.isPending) send.mutate(reply.trim());
      }}
    >
      <TextArea
        label="Your reply"
        rows={3}
        value={reply}
        onChange={(event) => setReply(event.target.value)}
        maxLength={5000}
      />
      {send.isError && <Alert tone="error">Your reply could not be sent. Please try again.</Alert>}
      <Button type="submit" disabled={blank || send.isPending}>
        {send.isPending ? 'Sending...' : 'Send'}
      </Button>
    </form>
  );
}
