import type { SupportTicket, TicketMessage } from '@coldmail/contracts';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TicketConversation } from './TicketConversation';
import { TicketReplyForm } from './TicketReplyForm';

const reply = (index: number, sender: TicketMessage['sender']): TicketMessage => ({
  message: `Reply ${index}`,
  timestamp: new Date(2026, 10, 10, 12, index).toISOString(),
  sender,
});

const ticket = (id: string, replies: number): SupportTicket => ({
  _id: id,
  subject: `Ticket ${id}`,
  message: 'My emails bounce',
  createdAt: new Date(2026, 10, 10, 12).toISOString(),
  updatedAt: new Date(2026, 10, 10, 12).toISOString(),
  ticketStatus: 'open',
  priority: 'normal',
  ticketUserName: 'Ada',
  ticketUserEmail: 'ada@example.com',
  ticketUserProfileURL: null,
  ticketUserRole: 'user',
  phone: '',
  adminMessage: Array.from({ length: replies }, (_, index) =>
    reply(index + 1, index % 2 ? 'user' : 'admin'),
  ),
  unread: false,
});

const withReply = (current: SupportTicket, message: TicketMessage): SupportTicket => ({
  ...current,
  adminMessage: [...current.adminMessage, message],
});

const messageList = () => screen.getByRole('list');

/** The reader asks for reduced motion, or not. */
function prefersReducedMotion(reduce: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('no-preference') ? !reduce : query.includes('reduce') && reduce,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  }));
}

// jsdom lays nothing out: make the list as tall as 100 px a message, and record smooth scrolls
// (jsdom's elements have no scrollTo).
const scrollTo = vi.fn();
beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Element.prototype, 'scrollHeight', 'get').mockImplementation(function (this: Element) {
    return this.childElementCount * 100;
  });
  Object.defineProperty(Element.prototype, 'scrollTo', {
    configurable: true,
    writable: true,
    value: scrollTo,
  });
  prefersReducedMotion(false);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  scrollTo.mockReset();
  Reflect.deleteProperty(Element.prototype, 'scrollTo');
});

describe('TicketConversation scrolling', () => {
  it('opens a ticket at its newest message, scrolling the message list, not the page', () => {
    const { rerender } = render(<TicketConversation ticket={ticket('a', 30)} viewer="user" />);
    expect(messageList().scrollTop).toBe(3100);

    rerender(<TicketConversation ticket={ticket('b', 5)} viewer="user" />);
    expect(messageList().scrollTop).toBe(600);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('scrolls smoothly to the bottom 100 ms after a new message arrives', () => {
    const opened = ticket('a', 30);
    const { rerender } = render(<TicketConversation ticket={opened} viewer="admin" />);
    messageList().scrollTop = 0; // the reader scrolled up to older messages

    rerender(<TicketConversation ticket={withReply(opened, reply(31, 'user'))} viewer="admin" />);
    act(() => vi.advanceTimersByTime(99));
    expect(scrollTo).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(1));
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ top: 3200, behavior: 'smooth' });
  });

  it('jumps without animation when the reader prefers reduced motion', () => {
    prefersReducedMotion(true);
    const opened = ticket('a', 30);
    const { rerender } = render(<TicketConversation ticket={opened} viewer="admin" />);
    messageList().scrollTop = 0;

    rerender(<TicketConversation ticket={withReply(opened, reply(31, 'user'))} viewer="admin" />);
    act(() => vi.advanceTimersByTime(100));
    expect(messageList().scrollTop).toBe(3200);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('does not scroll when a refetch brings no new message', () => {
    const opened = ticket('a', 30);
    const { rerender } = render(<TicketConversation ticket={opened} viewer="user" />);
    messageList().scrollTop = 0;

    rerender(<TicketConversation ticket={{ ...opened, ticketStatus: 'resolved' }} viewer="user" />);
    act(() => vi.advanceTimersByTime(1000));
    expect(messageList().scrollTop).toBe(0);
    expect(scrollTo).not.toHaveBeenCalled();
  });

  it('drops a pending scroll when the conversation closes', () => {
    const opened = ticket('a', 30);
    const { rerender, unmount } = render(<TicketConversation ticket={opened} viewer="user" />);
    rerender(<TicketConversation ticket={withReply(opened, reply(31, 'admin'))} viewer="user" />);
    expect(vi.getTimerCount()).toBe(1);

    unmount();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('brings the reply just sent into view', async () => {
    function Conversation() {
      const [current, setCurrent] = useState(() => ticket('a', 30));
      return (
        <TicketConversation ticket={current} viewer="user">
          <TicketReplyForm
            label="Your reply"
            sending={false}
            onSend={async (message) => {
              setCurrent((before) => withReply(before, { ...reply(31, 'user'), message }));
            }}
          />
        </TicketConversation>
      );
    }
    render(<Conversation />);
    messageList().scrollTop = 0;

    fireEvent.change(screen.getByLabelText('Your reply'), { target: { value: 'Thanks!' } });
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    });
    expect(screen.getByText('Thanks!')).toBeTruthy();
    expect(scrollTo).not.toHaveBeenCalled();

    act(() => vi.advanceTimersByTime(100));
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ top: 3200, behavior: 'smooth' });
  });
});

describe('a ticket sent through the contact form', () => {
  it('says so, since its name is whatever the sender typed', () => {
    render(
      <TicketConversation
        ticket={{ ...ticket('c', 0), ticketUserName: 'Support Team', viaContactForm: true }}
        viewer="user"
      />,
    );
    expect(
      screen.getByText(
        'Sent through the contact form while signed out: the name is what the sender typed.',
      ),
    ).toBeTruthy();
  });
});
