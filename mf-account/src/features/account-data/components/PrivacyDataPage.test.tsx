import type { AccountExport } from '@coldmail/contracts';
import { sessionActions, useSession } from '@coldmail/session';
import {
  currentPath,
  renderRemote,
  startTestApi,
  userRecord,
  type ApiRoutes,
  type TestApi,
} from '@coldmail/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import App from '../../../app/App';

let api: TestApi;
afterEach(async () => {
  vi.restoreAllMocks();
  await api.close();
});

const signOut = vi.fn(async () => undefined);

async function open(routes: ApiRoutes) {
  api = await startTestApi(routes);
  renderRemote(App, '/user/privacy', { apiUrl: api.url });
  // The shell's sign-in, as the session lends it: a token for each call, and the sign-out.
  signOut.mockClear();
  sessionActions.configure({ adapter: { getIdToken: async () => 'token-of-bea', signOut } });
  return userEvent.setup();
}

async function openDeletion(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete your account?' });
  return {
    dialog,
    address: within(dialog).getByLabelText('Your e-mail address'),
    confirm: within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Delete my account' }),
  };
}

/** jsdom's Blob has no text(): its FileReader reads it. */
const textOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('Could not read the file'));
    reader.readAsText(blob);
  });

const exported: AccountExport = {
  exportedAt: '2026-03-05T12:00:00.000Z',
  profile: userRecord(),
  packageOrders: [],
  itemOrders: [],
  creditHistory: [],
  generations: [],
  supportTickets: [],
  uploads: [],
};

describe('Privacy & data', () => {
  it('downloads the caller’s data as the JSON file the API sends', async () => {
    const user = await open({ 'account.export': { body: exported } });
    const saved: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      saved.push(blob);
      return 'blob:my-data';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);

    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const [request] = api.requests;
    expect(request).toMatchObject({
      method: 'GET',
      path: '/api/account/export',
      authorization: 'Bearer token-of-bea',
    });
    expect(JSON.parse(await textOf(saved[0]!))).toEqual(exported);
    expect(click.mock.contexts[0]).toMatchObject({ href: 'blob:my-data' });
  });

  it('says why a download failed', async () => {
    const user = await open({
      'account.export': { status: 429, body: { statusCode: 429, message: 'Too many requests.' } },
    });
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByText('Download failed: Too many requests.')).toBeTruthy();
  });

  it('says what goes and what stays, and deletes only once the account’s address is typed', async () => {
    const user = await open({});
    const { dialog, address, confirm } = await openDeletion(user);
    expect(dialog.textContent).toContain(
      'Kept: your orders and invoices, as accounting law requires, with the name and address on them; your e-mail address is removed from them.',
    );
    expect(dialog.textContent).toContain('Your credit balance is forfeited.');
    expect(dialog.textContent).toContain(
      'Free trial credits are not given again to this e-mail address',
    );
    expect(confirm.disabled).toBe(true);

    await user.type(address, 'buyer@example.co');
    expect(confirm.disabled).toBe(true);
    await user.type(address, 'm');
    expect(confirm.disabled).toBe(false);
    // As the API compares them: case and surrounding spaces aside.
    await user.clear(address);
    await user.type(address, ' Buyer@Example.com ');
    expect(confirm.disabled).toBe(false);
    await user.type(address, 'x');
    expect(confirm.disabled).toBe(true);
    await user.click(confirm);
    expect(api.requests).toEqual([]);
  });

  it('deletes the account, then signs out and goes home', async () => {
    const user = await open({
      'account.delete': { body: { success: true, message: 'Your account has been deleted.' } },
    });
    const { address, confirm } = await openDeletion(user);
    await user.type(address, 'buyer@example.com');
    // Home is the shell's page: this remote's router, alone here, has no route for it.
    const noRoute = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await user.click(confirm);

    expect(await screen.findByText('Your account has been deleted.')).toBeTruthy();
    await waitFor(() => expect(currentPath()).toBe('/'));
    expect(noRoute.mock.calls).toEqual([['No routes matched location "/" ']]);
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(useSession.getState().status).toBe('signed-out');
    expect(api.requests).toMatchObject([
      { method: 'DELETE', path: '/api/account', body: { userEmail: 'buyer@example.com' } },
    ]);
  });

  it('shows the API’s reason when it refuses, and keeps the user signed in', async () => {
    const user = await open({
      'account.delete': {
        status: 409,
        body: {
          statusCode: 409,
          message:
            'An admin account cannot delete itself. Another admin must first make it a member account.',
        },
      },
    });
    const { dialog, address, confirm } = await openDeletion(user);
    await user.type(address, 'buyer@example.com');
    await user.click(confirm);

    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'An admin account cannot delete itself. Another admin must first make it a member account.',
    );
    expect(signOut).not.toHaveBeenCalled();
    expect(currentPath()).toBe('/user/privacy');
  });

  it('shows the API’s field error under the address', async () => {
    const user = await open({
      'account.delete': {
        status: 400,
        body: {
          statusCode: 400,
          message: 'Validation failed',
          fieldErrors: { userEmail: 'Type the e-mail address of your account to confirm.' },
        },
      },
    });
    const { dialog, address, confirm } = await openDeletion(user);
    await user.type(address, 'buyer@example.com');
    await user.click(confirm);

    expect(
      await within(dialog).findByText('Type the e-mail address of your account to confirm.'),
    ).toBeTruthy();
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).queryByText('Validation failed')).toBeNull();
  });
});
