import type { Generation } from '@coldmail/contracts';
import { renderRemote, startTestApi, type TestApi, userRecord } from '@coldmail/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

let api: TestApi;
afterEach(() => api.close());

const generation = (id: number, subject: string): Generation => ({
  _id: `6c000000000000000000000${id}`,
  recipientName: 'Grace',
  senderName: 'Alan',
  purpose: 'Hello',
  keyDetails: '',
  tone: 'formal',
  subject,
  body: `${subject}: the body`,
  createdAt: '2026-11-20T10:00:00.000Z',
});

/** The stand-in API, keeping a history the page's deletions act on, as the real one does. */
async function startHistoryApi(initial: Generation[]) {
  let history = [...initial];
  api = await startTestApi({
    'generator.history': () => ({ body: history }),
    'generator.deleteGeneration': ({ params }) => {
      history = history.filter((entry) => entry._id !== params.id);
      return { body: { success: true, message: 'Deleted' } };
    },
  });
  renderRemote(App, '/user/generate-email', {
    apiUrl: api.url,
    profile: userRecord({ currentBalance: 9 }),
  });
  return screen.findByRole('list', { name: 'Generated emails' });
}

const focused = () => document.activeElement?.getAttribute('aria-label');

describe('the generated emails’ history', () => {
  it('names each email’s buttons after it; Open takes focus to the Generated Email card', async () => {
    const list = within(
      await startHistoryApi([generation(1, 'First hello'), generation(2, 'Second hello')]),
    );
    expect(list.getAllByRole('button').map((button) => button.getAttribute('aria-label'))).toEqual(
      ['First hello', 'Second hello'].flatMap((subject) =>
        ['Open', 'Copy', 'Download', 'Delete'].map((action) => `${action} ${subject}`),
      ),
    );

    await userEvent.click(list.getByRole('button', { name: 'Open Second hello' }));
    const heading = screen.getByRole('heading', { name: 'Generated Email' });
    expect(heading.contains(document.activeElement)).toBe(true);
    expect(
      within(screen.getByTestId('generated-email')).getByText('Subject: Second hello'),
    ).toBeTruthy();
  });

  it(
    'says an email was deleted and hands focus to the next Open, the previous, then the heading',
    { timeout: 20_000 },
    async () => {
      const list = within(
        await startHistoryApi([generation(1, 'One'), generation(2, 'Two'), generation(3, 'Three')]),
      );

      await userEvent.click(list.getByRole('button', { name: 'Delete One' }));
      await screen.findByText('Email deleted successfully');
      await waitFor(() => expect(focused()).toBe('Open Two'));

      await userEvent.click(screen.getByRole('button', { name: 'Delete Three' }));
      await waitFor(() => expect(screen.queryByText('Three')).toBeNull());
      await waitFor(() => expect(focused()).toBe('Open Two'));

      await userEvent.click(screen.getByRole('button', { name: 'Delete Two' }));
      await screen.findByText('Emails you generate are kept here.');
      await waitFor(() =>
        expect(
          screen
            .getByRole('heading', { name: 'Your Generated Emails' })
            .contains(document.activeElement),
        ).toBe(true),
      );
    },
  );
});
