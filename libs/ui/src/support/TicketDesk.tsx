import { ticketStatuses, type TicketPage } from '@coldmail/contracts';
import type { ReactNode } from 'react';
import { Alert } from '../alert/Alert';
import { EmptyState } from '../empty-state/EmptyState';
import { Select } from '../form/Select';
import { TextField } from '../form/TextField';
import { Pagination } from '../pagination/Pagination';
import { pageCountOf, pageSummary } from '../pagination/paginate';
import { PageLoader } from '../spinner/PageLoader';
import type { TicketFilters } from './ticketQuery';
import { TicketList } from './TicketConversation';
import styles from './Support.module.css';

export interface TicketDeskProps {
  /** The page of tickets the filters select; undefined while loading. */
  tickets: TicketPage | undefined;
  /** Why the tickets could not be loaded, if they could not. */
  error?: string | null;
  filters: TicketFilters;
  onFiltersChange(filters: TicketFilters): void;
  onPageChange(page: number): void;
  /** The date inputs' labels, e.g. ['From', 'To']. */
  dateLabels: readonly [string, string];
  /** The admin inbox searches by e-mail and shows who wrote each ticket. */
  inbox?: boolean;
  heading(count: number): string;
  /** Shown where the conversation goes until a ticket is chosen. */
  placeholder: string;
  selectedId: string | null;
  onSelect(id: string): void;
  /** The chosen ticket's conversation. */
  children?: ReactNode;
}

const statusOptions = [
  { value: '', label: 'All statuses' },
  ...ticketStatuses.map((status) => ({ value: status, label: status })),
];

/** The support screens' shared frame: filters, the filtered list, and the chosen conversation. */
export function TicketDesk({
  tickets,
  error,
  filters,
  onFiltersChange,
  onPageChange,
  dateLabels,
  inbox = false,
  heading,
  placeholder,
  selectedId,
  onSelect,
  children,
}: TicketDeskProps) {
  const set = (key: keyof TicketFilters) => (event: { target: { value: string } }) =>
    onFiltersChange({ ...filters, [key]: event.target.value });
  const filtered = Object.values(filters).some(Boolean);
  return (
    <>
      <div className={styles.filters}>
        <Select
          label="Status"
          options={statusOptions}
          value={filters.status}
          onChange={set('status')}
        />
        <TextField label={dateLabels[0]} type="date" value={filters.from} onChange={set('from')} />
        <TextField label={dateLabels[1]} type="date" value={filters.to} onChange={set('to')} />
        {inbox && (
          <TextField
            label="Search by email"
            type="search"
            value={filters.email ?? ''}
            onChange={set('email')}
          />
        )}
      </div>
      {error ? (
        <Alert tone="error">{error}</Alert>
      ) : !tickets ? (
        <PageLoader />
      ) : (
        <div className={styles.desk}>
          <div>
            <h2 className={styles.deskHeading}>{heading(tickets.total)}</h2>
            {tickets.items.length > 0 ? (
              <TicketList
                tickets={tickets.items}
                selectedId={selectedId}
                onSelect={onSelect}
                showUser={inbox}
              />
            ) : (
              <EmptyState title={filtered ? 'No tickets match these filters' : 'No tickets yet'} />
            )}
            <Pagination
              page={tickets.page}
              pageCount={pageCountOf(tickets.total, tickets.pageSize)}
              onPageChange={onPageChange}
              summary={pageSummary(tickets.page, tickets.pageSize, tickets.total)}
              aria-label="Ticket pages"
            />
          </div>
          {selectedId ? children : <p className={styles.placeholder}>{placeholder}</p>}
        </div>
      )}
    </>
  );
}
