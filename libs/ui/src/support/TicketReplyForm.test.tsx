import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TicketReplyForm } from './TicketReplyForm';

/** The form as a page uses it: `sending` follows the request that `send` starts. */
function Reply({ send }: { send: (message: string) => Promise<unknown> }) {
  const [sending, setSending] = useState(false);
  return (
    <TicketReplyForm
      label="Your reply"
      sending={sending}
      onSend={async (message) => {
        setSending(true);
        try {
          return await send(message);
        } finally {
          setSending(false);
        }
      }}
    />
  );
}

describe('TicketReplyForm', () => {
  it('keeps the focus on Send while sending, then gives it back to the emptied text box', async () => {
    let answer!: () => void;
    const send = vi.fn(() => new Promise<void>((resolve) => (answer = resolve)));
    const user = userEvent.setup();
    render(<Reply send={send} />);
    const textBox = screen.getByLabelText('Your reply');

    await user.type(textBox, 'Any news?');
    await user.tab();
    await user.keyboard('{Enter}');
    const busy = screen.getByRole('button', { name: 'Sending...' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    // A browser drops the focus of a button that becomes disabled (jsdom does not).
    expect(busy.matches(':disabled')).toBe(false);
    expect(document.activeElement).toBe(busy);
    await user.keyboard('{Enter}');
    expect(send).toHaveBeenCalledExactlyOnceWith('Any news?');

    answer();
    await screen.findByRole('button', { name: 'Send' });
    expect((textBox as HTMLTextAreaElement).value).toBe('');
    expect(document.activeElement).toBe(textBox);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send' }).disabled).toBe(true);
  });

  it('leaves the text and the focus where they are when sending fails', async () => {
    const user = userEvent.setup();
    render(<Reply send={() => Promise.reject(new Error('offline'))} />);
    await user.type(screen.getByLabelText('Your reply'), 'Hello');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const send = await screen.findByRole('button', { name: 'Send' });
    expect((screen.getByLabelText('Your reply') as HTMLTextAreaElement).value).toBe('Hello');
    expect(document.activeElement).toBe(send);
  });
});
