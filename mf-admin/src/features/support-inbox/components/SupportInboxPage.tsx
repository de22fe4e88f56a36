import { ticketStatuses, type SupportTicket } from '@coldmail/contracts';
import { api, domainKey } from '@coldmail/session';
import {
  Alert,
  Button,
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
import styles from './SupportInbox.module.css';

/** New tickets and replies show up without a reload. */
const POLL_MS = 10_000;

const statusOptions = ticketStatuses.map((status) => ({ value: status, label: status }));

/** /admin/support-messages — every ticket, newest first, and the conversation of one. */
export function SupportInboxPage() {
  const [filters, setFilters] = useState<TicketFilters>(noTicketFilters);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const tickets = useQuery({
    ...api.support.list.query({ query: {} }),
    refetchInterval: POLL_MS,
  });
  const shown = tickets.data ? filterTickets(tickets.data, filters) : [];
  const unread = tickets.data?.filter((ticket) => ticket.unread).length ?? 0;

  return (
    <section className={styles.page} data-remote="admin" data-page="SupportInboxPage">
      <PageHeader
        title="Support Messages"
        subtitle={unread > 0 ? `${unread} unread` : 'No unread messages'}
      />
      <div className={styles.filters}>
        <Select
          label="Status"
          options={[{ value: '', label: 'All statuses' }, ...statusOptions]}
          value={filters.status}
          onChange={(event) => setFilters({ ...filters, status: event.target.value })}
        />
        <TextField
          label="Start date"
          type="date"
          value={filters.from}
          onChange={(event) => setFilters({ ...filters, from: event.target.value })}
        />
        <TextField
          label="End date"
          type="date"
          value={filters.to}
          onChange={(event) => setFilters({ ...filters, to: event.target.value })}
        />
        <TextField
          label="Search by email"
          type="search"
          value={filters.email ?? ''}
          onChange={(event) => setFilters({ ...filters, email: event.target.value })}
        />
      </div>
      {tickets.isPending ? (
        <PageLoader />
      ) : tickets.isError ? (
        <Alert tone="error">Could not load the tickets: {tickets.error.message}</Alert>
      ) : (
        <div className={styles.layout}>
          <div>
            <h2 className={styles.heading}>Tickets ({shown.length})</h2>
            <TicketList tickets={shown} selectedId={selectedId} onSelect={setSelectedId} showUser />
          </div>
          {selectedId ? (
            <SelectedTicket id={selectedId} />
          ) : (
            <p className={styles.placeholder}>Select a ticket to view the conversation</p>
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
  const queryClient = useQueryClient();
  const setStatus = useMutation({
    mutationFn: (ticketStatus: SupportTicket['ticketStatus']) =>
      api.support.update({ params: { id }, body: { ticketStatus } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: domainKey('support') }),
    onError: (error) => console.error('Changing the status failed', error),
  });
  if (ticket.isPending) return <PageLoader />;
  if (ticket.isError) return <Alert tone="error">Could not load this ticket.</Alert>;
  return (
    <TicketConversation
      ticket={ticket.data}
      viewer="admin"
      actions={
        <Select
          label="Ticket status"
          options={statusOptions}
          value={ticket.data.ticketStatus}
          disabled={setStatus.isPending}
          onChange={(event) =>
            setStatus.mutate(event.target.value as SupportTicket['ticketStatus'])
          }
        />
      }
    >
      <AdminReply ticket={ticket.data} />
    </TicketConversation>
  );
}

function AdminReply({ ticket }: { ticket: SupportTicket }) {
  const [reply, setReply] = useState('');
  const queryClient = useQueryClient();
  const send = useMutation({
    mutationFn: (message: string) =>
      api.support.update({
        params: { id: ticket._id },
        body: {
          ticketStatus: ticket.ticketStatus,
          adminMessage: [...ticket.adminMessage, { message }],
        },
      }),
    onSuccess: () => {
      setReply('');
      return queryClient.invalidateQueries({ queryKey: domainKey('support') });
    },
    onError: (error) => console.error('Sending the reply failed', error),
  });
  const closed = ticket.ticketStatus === 'closed';
  const disabled = closed || send.isPending || reply.trim() === '';
  return (
    <form
      className={styles.reply}
      onSubmit={(event) => {
        event.preventDefault();
        if (!disabled) send.mutate(reply.trim());
      }}
    >
      <TextArea
        label="Reply"
        rows={3}
        value={reply}
        maxLength={5000}
        hint={closed ? 'This ticket is closed. Reopen it to reply.' : undefined}
        onChange={(event) => setReply(event.target.value)}
      />
      {send.isError && (
        <Alert tone="error">The reply could not be sent: {send.error.message}</Alert>
      )}
      <Button type="submit" disabled={disabled}>
        {send.isPending ? 'Sending...' : 'Send'}
      </Button>
    </form>
  );
}
