import type { SupportTicket } from '@coldmail/contracts';
import { paths } from '@coldmail/registry/pages';
import { ApiError, api } from '@coldmail/session';
import {
  Alert,
  ButtonLink,
  PageHeader,
  PageLoader,
  TicketConversation,
  TicketDesk,
  TicketReplyForm,
  noTicketFilters,
  ticketQuery,
  type TicketFilters,
} from '@coldmail/ui';
import { keepPreviousData, useMutation, useQuery } from '@coldmail/query';
import { useState } from 'react';
import styles from './Support.module.css';

/** New replies show up without a reload. */
const POLL_MS = 10_000;
const PAGE_SIZE = 20;

/** /user/support — the user's tickets and their conversations. */
export function SupportPage() {
  const [filters, setFilters] = useState<TicketFilters>(noTicketFilters);
  const [page, setPage] = useState(1);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const tickets = useQuery({
    ...api.support.list.query({ query: ticketQuery(filters, page, PAGE_SIZE) }),
    placeholderData: keepPreviousData,
    refetchInterval: POLL_MS,
  });
  return (
    <section className={styles.page} data-remote="account" data-page="SupportPage">
      <PageHeader
        title="Support"
        actions={<ButtonLink to={paths.userCreateSupport}>Create Ticket</ButtonLink>}
      />
      <TicketDesk
        tickets={tickets.data}
        error={tickets.isError ? `Could not load your tickets: ${tickets.error.message}` : null}
        filters={filters}
        onFiltersChange={(next) => {
          setFilters(next);
          setPage(1);
        }}
        onPageChange={setPage}
        dateLabels={['From', 'To']}
        heading={(count) => `Support Tickets (${count})`}
        placeholder="Select a ticket to view messages"
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
          // The spec's call: the status and the whole conversation with the new entry last.
          ticketStatus: 'in-progress',
          adminMessage: [...current.adminMessage, { message }],
        },
      }),
    onError: (error) => console.error('Sending the reply failed', error),
  });
  if (ticket.isPending) return <PageLoader />;
  if (ticket.isError) return <Alert tone="error">Could not load this ticket.</Alert>;
  return (
    <TicketConversation ticket={ticket.data} viewer="user">
      <TicketReplyForm
        label="Your reply"
        sending={send.isPending}
        error={
          !send.isError
            ? null
            : // A full conversation is not a failure to retry: the server says what to do.
              send.error instanceof ApiError && send.error.status === 409
              ? send.error.message
              : 'Your reply could not be sent. Please try again.'
        }
        onSend={(message) => send.mutateAsync({ current: ticket.data, message })}
      />
    </TicketConversation>
  );
}
