import { renderRemote, startTestApi, type TestApi, userRecord } from '@coldmail/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

let api: TestApi;
afterEach(() => api.close());

const admin = userRecord({ userRole: 'Admin', userEmail: 'admin@example.com' });
const grace = userRecord({
  _id: '690000000000000000000001',
  userName: 'Grace',
  userEmail: 'grace@example.com',
  currentBalance: 12,
});
const owing = userRecord({
  _id: '690000000000000000000002',
  userName: 'Owen',
  userEmail: 'owen@example.com',
  currentBalance: -3,
});
const page = (items: unknown[]) => ({
  body: { items, total: items.length, page: 1, pageSize: 10 } as never,
});

describe('/admin/users', () => {
  it('edits a row inline; a new balance goes as a change from the balance shown', async () => {
    api = await startTestApi({
      'users.adminList': page([grace, owing]),
      'users.adminUpdate': { body: { ...grace, currentBalance: 50 } },
    });
    renderRemote(App, '/admin/users', { apiUrl: api.url, profile: admin });
    expect((await screen.findByText('-3')).className).toMatch(/negative/);
    expect(screen.getByText('12').className).toMatch(/positive/);
    await userEvent.click(screen.getByRole('button', { name: 'Edit grace@example.com' }));
    const balance = screen.getByLabelText('Credit balance');
    await userEvent.clear(balance);
    await userEvent.type(balance, '50');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('User updated successfully');
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toEqual({
      userName: 'Grace',
      userRole: 'member',
      userMembership: grace.userMembership,
      currentBalance: 50,
      previousBalance: 12,
    });
  });

  it('takes no new balance below zero, yet lets an older negative one stay while the name changes', async () => {
    api = await startTestApi({
      'users.adminList': page([grace, owing]),
      'users.adminUpdate': { body: { ...owing, userName: 'Owen B.' } },
    });
    renderRemote(App, '/admin/users', { apiUrl: api.url, profile: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit grace@example.com' }));
    const balance = screen.getByLabelText('Credit balance');
    await userEvent.clear(balance);
    await userEvent.type(balance, '-5');
    expect(
      screen.getByText('The credit balance must be a whole number, zero or more.'),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveProperty('disabled', true);
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Edit owen@example.com' }));
    const name = screen.getByLabelText('Name');
    await userEvent.clear(name);
    await userEvent.type(name, 'Owen B.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('User updated successfully');
    expect(api.requests.find((request) => request.method === 'PUT')?.body).toMatchObject({
      userName: 'Owen B.',
    });
    expect(api.requests.find((request) => request.method === 'PUT')?.body).not.toHaveProperty(
      'currentBalance',
    );
  });

  it('asks before deleting, and sends a message from its modal', async () => {
    api = await startTestApi({
      'users.adminList': page([grace]),
      'users.delete': { body: { success: true, message: 'User deleted successfully' } as never },
      'messages.send': { body: { success: true, message: 'Message sent successfully.' } as never },
    });
    renderRemote(App, '/admin/users', { apiUrl: api.url, profile: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete grace@example.com' }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Are you sure you want to delete this user?')).toBeTruthy();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await screen.findByText('User deleted successfully');

    await userEvent.click(screen.getByRole('button', { name: 'Message grace@example.com' }));
    const modal = await screen.findByRole('dialog', { name: 'Send Message' });
    await userEvent.type(within(modal).getByLabelText('Subject'), 'Hello');
    await userEvent.type(within(modal).getByLabelText(/Message/), '<b>Welcome</b>');
    await userEvent.click(within(modal).getByRole('button', { name: 'Send' }));
    await screen.findByText('Message sent successfully.');
    await waitFor(() =>
      expect(api.requests.find((request) => request.path === '/send-message')?.body).toEqual({
        toEmail: 'grace@example.com',
        subject: 'Hello',
        messageBody: '<b>Welcome</b>',
      }),
    );
  });

  it('starts an edit in the Name field; Escape or Cancel or Save go back to the row’s Edit button', async () => {
    api = await startTestApi({
      'users.adminList': page([grace, owing]),
      'users.adminUpdate': { body: { ...owing, userName: 'Owen B.' } },
    });
    renderRemote(App, '/admin/users', { apiUrl: api.url, profile: admin });
    const edit = await screen.findByRole('button', { name: 'Edit owen@example.com' });
    edit.focus();
    await userEvent.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    await userEvent.tab();
    await userEvent.keyboard('{Escape}');
    expect(screen.queryByLabelText('Name')).toBeNull();
    const editAgain = screen.getByRole('button', { name: 'Edit owen@example.com' });
    expect(document.activeElement).toBe(editAgain);

    await userEvent.keyboard('{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Edit owen@example.com' }),
    );

    await userEvent.keyboard('{Enter}');
    await userEvent.type(screen.getByLabelText('Name'), ' B.');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText('User updated successfully');
    expect(document.activeElement).toBe(
      screen.getByRole('button', { name: 'Edit owen@example.com' }),
    );
    // The list reloads after the save; let it finish before the test's API goes away.
    await waitFor(() =>
      expect(api.requests.filter((request) => request.path === '/api/users')).toHaveLength(2),
    );
  });

  it('hands focus to the next row once a deleted user’s row goes, and to the table when none is left', async () => {
    let users = [grace, owing];
    api = await startTestApi({
      'users.adminList': () => page(users),
      'users.delete': ({ params }) => {
        users = users.filter((user) => user._id !== params.id);
        return { body: { success: true, message: 'User deleted successfully' } as never };
      },
    });
    renderRemote(App, '/admin/users', { apiUrl: api.url, profile: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Delete grace@example.com' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: 'Delete owen@example.com' }),
      ),
    );

    await userEvent.keyboard('{Enter}');
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await screen.findByText('No Users Found');
    await waitFor(() => expect(document.activeElement?.tagName).toBe('CAPTION'));
    expect(document.activeElement?.textContent).toBe('Users');
  });

  it("shows 'No Users Found' when the search finds nobody", async () => {
    api = await startTestApi({ 'users.adminList': page([]) });
    renderRemote(App, '/admin/users', { apiUrl: api.url, profile: admin });
    expect(await screen.findByText('No Users Found')).toBeTruthy();
  });

  it("says 'Failed to fetch users:' with the server's reason when the list cannot be loaded", async () => {
    api = await startTestApi({
      'users.adminList': {
        status: 503,
        body: { statusCode: 503, message: 'The user store is unavailable' },
      },
    });
    renderRemote(App, '/admin/users', { apiUrl: api.url, profile: admin });
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Failed to fetch users: The user store is unavailable',
    );
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('offers the roles member, moderator and Admin, and keeps another current role selected', async () => {
    const seller = userRecord({
      _id: '690000000000000000000003',
      userName: 'Sam',
      userEmail: 'sam@example.com',
      userRole: 'Seller',
    });
    api = await startTestApi({ 'users.adminList': page([grace, seller]) });
    renderRemote(App, '/admin/users', { apiUrl: api.url, profile: admin });
    const rolesOffered = () =>
      within(screen.getByLabelText('Role'))
        .getAllByRole('option')
        .map((option) => option.textContent);

    await userEvent.click(await screen.findByRole('button', { name: 'Edit grace@example.com' }));
    expect(rolesOffered()).toEqual(['member', 'moderator', 'Admin']);
    expect((screen.getByLabelText('Role') as HTMLSelectElement).value).toBe('member');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));

    await userEvent.click(screen.getByRole('button', { name: 'Edit sam@example.com' }));
    expect(rolesOffered()).toEqual(['Seller', 'member', 'moderator', 'Admin']);
    expect((screen.getByLabelText('Role') as HTMLSelectElement).value).toBe('Seller');
  });
});
