import { ticketStatuses, type SupportTicket, type TicketStatus } from '@coldmail/contracts';
import { api } from '@coldmail/session';
import {
  Alert,
  Button,
  PageHeader,
  PageLoader,
  Select,
  TicketConversation,
  TicketDesk,
  TicketReplyForm,
  noTicketFilters,
  ticketQuery,
  toast,
  type TicketFilters,
} from '@coldmail/ui';
import { keepPreviousData, useMutation, useQuery } from '@coldmail/query';
import { useState } from 'react';
import styles from './SupportInbox.module.css';

/** New tickets and replies show up without a reload. */
const POLL_MS = 10_000;
const PAGE_SIZE = 20;

const statusOptions = ticketStatuses.map((status) => ({ value: status, label: status }));

/** /admin/support-messages — every ticket, newest first, and the conversation of one. */
export function SupportInboxPage() {
  const [filters, setFilters] = useState<TicketFilters>(noTicketFilters);
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const tickets = useQuery({
    ...api.support.list.query({ query: ticketQuery(filters, page, PAGE_SIZE) }),
    placeholderData: keepPreviousData,
    refetchInterval: POLL_MS,
  });
  // Unread across the whole inbox, not only the page shown.
  const counts = useQuery({ ...api.support.summary.query(), refetchInterval: POLL_MS });
  const unread = counts.data?.unread ?? 0;
  return (
    <section data-remote="admin" data-page="SupportInboxPage">
      <PageHeader
        title="Support Messages"
        subtitle={unread > 0 ? `${unread} unread` : 'No unread messages'}
      />
      <TicketDesk
        tickets={tickets.data}
        error={tickets.isError ? `Could not load the tickets: ${tickets.error.message}` : null}
        filters={filters}
        onFiltersChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
        onPageChange={setPage}
        dateLabels={['Start date', 'End date']}
        inbox
        heading={(count) => `Tickets (${count})`}
        placeholder="Select a ticket to view the conversation"
        selectedId={selectedId}
        onSelect={setSelectedId}
      >
        {selectedId && <SelectedTicket id={selectedId} />}
      </TicketDesk>
    </section>
  );
}

function SelectedTicket({ id }: { id: string }) {
  const ticket = useQuery({
    ...api.support.get.query({ params: { id } }),
    refetchInterval: POLL_MS,
  });
  const send = useMutation({
    mutationFn: ({ current, message }: { current: SupportTicket; message: string }) =>
      api.support.update({
        params: { id },
        body: {
          ticketStatus: current.ticketStatus,
          adminMessage: [...current.adminMessage, { message }],
        },
      }),
    onError: (error) => console.error('Sending the reply failed', error),
  });
  if (ticket.isPending) return <PageLoader />;
  if (ticket.isError) return <Alert tone="error">Could not load this ticket.</Alert>;
  return (
    <TicketConversation
      ticket={ticket.data}
      viewer="admin"
      actions={<StatusForm key={ticket.data._id} ticket={ticket.data} />}
    >
      <TicketReplyForm
        label="Reply"
        sending={send.isPending}
        blockedReason={
          ticket.data.ticketStatus === 'closed'
            ? 'This ticket is closed. Reopen it to reply.'
            : undefined
        }
        error={send.isError ? `The reply could not be sent: ${send.error.message}` : null}
        onSend={(message) => send.mutateAsync({ current: ticket.data, message })}
      />
    </TicketConversation>
  );
}

/**
 * The ticket's status: choosing an option only changes the form (a keyboard user browses the
 * options with the arrow keys); 'Update Status' saves it and says whether it was saved. The
 * button keeps focus while saving (Button's loading state, which also refuses a second submit).
 */
function StatusForm({ ticket }: { ticket: SupportTicket }) {
  // The admin's choice, until saved; without one the form follows the ticket as polled.
  const [chosen, setChosen] = useState<TicketStatus | null>(null);
  const save = useMutation({
    mutationFn: (ticketStatus: TicketStatus) =>
      api.support.update({ params: { id: ticket._id }, body: { ticketStatus } }),
    onSuccess: (saved) => {
      setChosen(null);
      toast.success(`Ticket status updated to ${saved.ticketStatus}`);
    },
    onError: (error) => {
      console.error('Changing the status failed', error);
      toast.error(`Failed to update the ticket status: ${error.message}`);
    },
  });
  const status = chosen ?? ticket.ticketStatus;
  return (
    <form
      className={styles.statusForm}
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate(status);
      }}
    >
      <Select
        label="Ticket status"
        options={statusOptions}
        value={status}
        onChange={(event) => setChosen(event.target.value as TicketStatus)}
      />
      <Button type="submit" size="sm" loading={save.isPending} loadingText="Updating...">
        Update Status
      </Button>
    </form>
  );
}
