import { renderRemote, startTestApi, type TestApi, userRecord } from '@coldmail/testing';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

let api: TestApi;
afterEach(() => api.close());

describe('/admin/audit-log', () => {
  it('shows who changed what with before and after, and filters on the server', async () => {
    api = await startTestApi({
      'audit.list': {
        body: {
          items: [
            {
              _id: '6b0000000000000000000001',
              at: '2026-11-24T10:00:00.000Z',
              action: 'user.update',
              actor: { email: 'boss@example.com', userId: null },
              target: { kind: 'user', id: '6b0000000000000000000002', label: 'ada@example.com' },
              before: { currentBalance: 5 },
              after: { currentBalance: 50 },
            },
          ],
          total: 1,
          page: 1,
          pageSize: 20,
        },
      },
    });
    renderRemote(App, '/admin/audit-log', {
      apiUrl: api.url,
      profile: userRecord({ userRole: 'Admin' }),
    });
    expect(await screen.findByText('boss@example.com')).toBeTruthy();
    expect(screen.getByText('{ "currentBalance": 50 }')).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Action'), 'order.refund');
    await waitFor(() => expect(api.requests.at(-1)?.query.get('action')).toBe('order.refund'));
    expect(api.requests.at(-1)?.query.get('page')).toBe('1');
  });
});
