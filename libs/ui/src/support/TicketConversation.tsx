import type { SupportTicket, TicketSummary } from '@coldmail/contracts';
import { clsx } from 'clsx';
import { useLayoutEffect, useRef, type ReactNode } from 'react';
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

/** The spec's delay between a new message and the scroll that brings it into view. */
const CONVERSATION_SCROLL_DELAY_MS = 100;

/** Smooth only when the browser says the reader has not asked for less motion. */
const smoothScrollAllowed = () =>
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-reduced-motion: no-preference)').matches;

/**
 * A ticket's conversation, 80vh high: the first message, then every reply, oldest first.
 * The message list scrolls on its own: it opens at the newest message and, 100 ms after a new one
 * arrives (the reply just sent, or one a refetch brought), scrolls to the bottom again.
 */
export function TicketConversation({ ticket, viewer, actions, children }: TicketConversationProps) {
  const entries = [
    { message: ticket.message, timestamp: ticket.createdAt, sender: 'user' as const },
    ...ticket.adminMessage,
  ];
  const messagesRef = useRef<HTMLOListElement>(null);
  const shown = useRef<{ ticketId: string; count: number } | null>(null);
  const count = entries.length;

  // A layout effect, so an opened ticket is first painted already at its newest message.
  useLayoutEffect(() => {
    const list = messagesRef.current;
    if (!list) return;
    const previous = shown.current;
    shown.current = { ticketId: ticket._id, count };
    if (previous?.ticketId !== ticket._id) {
      list.scrollTop = list.scrollHeight;
      return;
    }
    if (count <= previous.count) return;
    const timer = setTimeout(() => {
      if (smoothScrollAllowed()) list.scrollTo({ top: list.scrollHeight, behavior: 'smooth' });
      else list.scrollTop = list.scrollHeight;
    }, CONVERSATION_SCROLL_DELAY_MS);
    return () => clearTimeout(timer);
  }, [ticket._id, count]);

  return (
    <section className={styles.conversation} aria-label={`Conversation: ${ticket.subject}`}>
      <header className={styles.conversationHeader}>
        <div>
          <h2 className={styles.conversationTitle}>{ticket.subject}</h2>
          <p className={styles.muted}>
            {ticket.ticketUserName} · {ticket.ticketUserEmail}
          </p>
          {ticket.viaContactForm && (
            <p className={styles.muted}>
              Sent through the contact form while signed out: the name is what the sender typed.
            </p>
          )}
        </div>
        <div className={styles.badges}>
          <TicketStatusBadge status={ticket.ticketStatus} />
          <PriorityBadge priority={ticket.priority} />
          {actions}
        </div>
      </header>
      <ol ref={messagesRef} className={styles.messages}>
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
  tickets: TicketSummary[];
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
            {ticket.viaContactForm && <span className={styles.muted}>From the contact form</span>}
            <span className={styles.preview}>
              {ticket.lastEntry.sender === 'admin' ? 'Support team: ' : ''}
              {ticket.lastEntry.message}
            </span>
            <span className={styles.muted}>
              {timeOf(ticket.createdAt)} ·{' '}
              {ticket.entryCount === 1 ? '1 message' : `${ticket.entryCount} messages`}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
