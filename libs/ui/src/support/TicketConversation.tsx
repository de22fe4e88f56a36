import type { SupportTicket } from '@coldmail/contracts';
import { clsx } from 'clsx';
import type { ReactNode } from 'react';
import { PriorityBadge, TicketStatusBadge } from '../badge/StatusBadges';
import styles from './Support.module.css';

export interface TicketConversationProps {
  ticket: SupportTicket;
  /** Whose side is on the right: the reader's own messages. */
  viewer: 'user' | 'admin';
  /** Above the messages (e.g. the admin's status dropdown). */
  actions?: ReactNode;
  /** Below the messages: the reply form. */
  children?: ReactNode;
}

const timeOf = (iso: string) =>
  new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A ticket's conversation, 80vh high: the first message, then every reply, oldest first. */
export function TicketConversation({ ticket, viewer, actions, children }: TicketConversationProps) {
  const entries = [
    { message: ticket.message, timestamp: ticket.createdAt, sender: 'user' as const },
    ...ticket.adminMessage,
  ];
  return (
    <section className={styles.conversation} aria-label={`Conversation: ${ticket.subject}`}>
      <header className={styles.conversationHeader}>
        <div>
          <h2 className={styles.conversationTitle}>{ticket.subject}</h2>
          <p className={styles.muted}>
            {ticket.ticketUserName} · {ticket.ticketUserEmail}
          </p>
        </div>
        <div className={styles.badges}>
          <TicketStatusBadge status={ticket.ticketStatus} />
          <PriorityBadge priority={ticket.priority} />
          {actions}
        </div>
      </header>
      <ol className={styles.messages}>
        {entries.map((entry, index) => (
          <li
            key={`${entry.timestamp}-${index}`}
            className={clsx(styles.message, entry.sender === viewer ? styles.mine : styles.theirs)}
          >
            <span className={styles.sender}>
              {entry.sender === 'admin' ? 'Support team' : ticket.ticketUserName}
            </span>
            <p className={styles.body}>{entry.message}</p>
            <time className={styles.time} dateTime={entry.timestamp}>
              {timeOf(entry.timestamp)}
            </time>
          </li>
        ))}
      </ol>
      {children}
    </section>
  );
}

export interface TicketListProps {
  tickets: SupportTicket[];
  selectedId: string | null;
  onSelect(id: string): void;
  /** The admin inbox shows who wrote each ticket. */
  showUser?: boolean;
}

/** The list beside the conversation; unread tickets are marked. */
export function TicketList({ tickets, selectedId, onSelect, showUser = false }: TicketListProps) {
  return (
    <ul className={styles.list}>
      {tickets.map((ticket) => (
        <li key={ticket._id}>
          <button
            type="button"
            className={clsx(styles.item, ticket._id === selectedId && styles.selected)}
            aria-current={ticket._id === selectedId ? 'true' : undefined}
            onClick={() => onSelect(ticket._id)}
          >
            <span className={styles.itemTop}>
              <span className={styles.itemSubject}>
                {ticket.unread && <span className={styles.unreadDot} aria-label="Unread" />}
                {ticket.subject}
              </span>
              <TicketStatusBadge status={ticket.ticketStatus} />
            </span>
            {showUser && <span className={styles.muted}>{ticket.ticketUserEmail}</span>}
            <span className={styles.muted}>{timeOf(ticket.createdAt)}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
