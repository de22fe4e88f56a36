import type { GeminiKey } from '@coldmail/contracts';
import {
  geminiKey,
  renderRemote,
  startTestApi,
  userRecord,
  type ApiRoutes,
  type TestApi,
} from '@coldmail/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

const PATH = '/admin/settings/gemini-keys';
const admin = userRecord({ userRole: 'Admin', userEmail: 'admin@example.com' });
let api: TestApi | undefined;

afterEach(async () => {
  await api?.close();
  api = undefined;
});

/** The stand-in API, keeping a list the panel's changes act on, as the real one does. */
async function startKeysApi(initial: GeminiKey[], overrides: ApiRoutes = {}) {
  let keys = [...initial];
  let override: string | null = null;
  const modelSettings = () => ({
    success: true as const,
    data: {
      model: override ?? 'gemini-3.5-flash-lite',
      override,
      default: 'gemini-3.5-flash-lite',
    },
  });
  const started = await startTestApi({
    'geminiKeys.list': () => ({ body: { success: true, data: keys } }),
    'geminiKeys.model': () => ({ body: modelSettings() }),
    'geminiKeys.setModel': ({ body }) => {
      override = (body as { model: string | null }).model;
      return { body: modelSettings() };
    },
    'geminiKeys.create': ({ body }) => {
      const { name, isActive } = body as { name: string; isActive: boolean };
      const created = geminiKey({
        _id: '680000000000000000000099',
        name,
        isActive,
        key: 'AIzaSyNE...w123',
      });
      keys = [created, ...keys];
      return {
        status: 201,
        body: { success: true, data: created, message: 'API key added successfully!' },
      };
    },
    'geminiKeys.update': ({ params, body }) => {
      const { name, isActive } = body as { name: string; isActive: boolean };
      const updated = { ...keys.find((key) => key._id === params.id)!, name, isActive };
      keys = keys.map((key) => (key._id === params.id ? updated : key));
      return { body: { success: true, data: updated, message: 'API key updated successfully!' } };
    },
    'geminiKeys.delete': ({ params }) => {
      keys = keys.filter((key) => key._id !== params.id);
      return {
        body: {
          success: true,
          data: { _id: params.id! },
          message: 'API key deleted successfully!',
        },
      };
    },
    'geminiKeys.toggle': ({ params }) => {
      const current = keys.find((key) => key._id === params.id)!;
      const toggled: GeminiKey = {
        ...current,
        isActive: !current.isActive,
        status: current.isActive ? 'inactive' : 'active',
      };
      keys = keys.map((key) => (key._id === params.id ? toggled : key));
      const message = toggled.isActive
        ? 'API key activated successfully!'
        : 'API key deactivated successfully!';
      return { body: { success: true, data: toggled, message } };
    },
    ...overrides,
  });
  api = started;
  return started;
}

const render = () => renderRemote(App, PATH, { apiUrl: api!.url, profile: admin });
const requestsTo = (method: string) => api!.requests.filter((request) => request.method === method);
const rows = () => within(screen.getAllByRole('rowgroup')[1]!).getAllByRole('row');

describe('Gemini Keys panel', () => {
  it("lists the keys masked, with each key's state and use", async () => {
    await startKeysApi([
      geminiKey({
        name: 'Main key',
        useCount: 12,
        tokenCount: 5432,
        failureCount: 1,
        lastUsedAt: '2026-03-05T12:00:00.000Z',
      }),
      geminiKey({
        _id: '680000000000000000000002',
        name: 'Busy key',
        key: 'AIzaSyQU...quot',
        status: 'cooling',
        coolingUntil: '2026-03-05T12:30:00.000Z',
        lastError: 'You exceeded your current quota',
      }),
      geminiKey({
        _id: '680000000000000000000003',
        name: 'Revoked key',
        status: 'failing',
        lastError: 'API key not valid. Please pass a valid API key.',
      }),
      geminiKey({
        _id: '680000000000000000000004',
        name: 'Spare key',
        isActive: false,
        status: 'inactive',
      }),
    ]);
    render();

    const [main, busy, revoked, spare] = await waitFor(() => {
      const found = rows();
      expect(found).toHaveLength(4);
      return found;
    });
    expect(within(main!).getByText('AIzaSyAB...wxyz')).toBeTruthy();
    expect(within(main!).getByText('Active')).toBeTruthy();
    expect(within(main!).getByText('12 uses, 1 failure')).toBeTruthy();
    expect(within(main!).getByText('5,432 tokens')).toBeTruthy();
    expect(within(main!).getByText('Last used Mar 5, 2026')).toBeTruthy();
    expect(within(busy!).getByText(/^Cooling down until /)).toBeTruthy();
    expect(within(busy!).getByText('Last error: You exceeded your current quota')).toBeTruthy();
    expect(within(revoked!).getByText('Failing')).toBeTruthy();
    expect(
      within(revoked!).getByText('Last error: API key not valid. Please pass a valid API key.'),
    ).toBeTruthy();
    expect(within(spare!).getByText('Inactive')).toBeTruthy();
    expect(within(spare!).getByRole('button', { name: 'Activate Spare key' })).toBeTruthy();
    expect(within(spare!).getByText('Never used')).toBeTruthy();
  });

  it('tests a key with one small call and shows the model’s answer, or Google’s reason', async () => {
    const good = geminiKey({ _id: '680000000000000000000001', name: 'Main' });
    const bad = geminiKey({ _id: '680000000000000000000002', name: 'Old' });
    await startKeysApi([good, bad], {
      'geminiKeys.test': ({ params }) => ({
        body:
          params.id === good._id
            ? { success: true, model: 'gemini-3.5-flash-lite', answer: 'ready' }
            : { success: false, model: 'gemini-3.5-flash-lite', error: 'API key not valid.' },
      }),
    });
    render();
    await userEvent.click(await screen.findByRole('button', { name: 'Test Main' }));
    expect(await screen.findByText('Main works with gemini-3.5-flash-lite: "ready"')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Test Old' }));
    expect(
      await screen.findByText('Old failed with gemini-3.5-flash-lite: API key not valid.'),
    ).toBeTruthy();
    expect(requestsTo('POST').map((request) => request.path)).toEqual([
      `/api/gemini-keys/${good._id}/test`,
      `/api/gemini-keys/${bad._id}/test`,
    ]);
  });

  it('chooses the model every generation calls, refusing a name that is none, and goes back to the default', async () => {
    await startKeysApi([geminiKey({ name: 'Main' })]);
    render();
    expect(await screen.findByText(/the server's default\)/)).toBeTruthy();
    const field = screen.getByLabelText('Model for every generation');
    await userEvent.type(field, 'gpt-5');
    expect(
      await screen.findByText('A Gemini model name, such as gemini-3.5-flash-lite'),
    ).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Save Model' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    await userEvent.clear(field);
    await userEvent.type(field, 'gemini-3.8-flash');
    await userEvent.click(screen.getByRole('button', { name: 'Save Model' }));
    expect(await screen.findByText('Generations now use gemini-3.8-flash')).toBeTruthy();
    expect(requestsTo('PUT').at(-1)?.body).toEqual({ model: 'gemini-3.8-flash' });
    await userEvent.click(await screen.findByRole('button', { name: 'Use Default' }));
    expect(await screen.findByText('Generations now use gemini-3.5-flash-lite')).toBeTruthy();
    expect(requestsTo('PUT').at(-1)?.body).toEqual({ model: null });
  });

  it('shows the empty state when there is no key', async () => {
    await startKeysApi([]);
    render();
    expect(await screen.findByText('No API keys found')).toBeTruthy();
    expect(screen.getByText('Add your first key using the form above')).toBeTruthy();
  });

  it("replaces the panel with the server's message when the keys cannot be loaded", async () => {
    await startKeysApi([], {
      'geminiKeys.list': {
        status: 500,
        body: { statusCode: 500, message: 'Database unavailable' },
      },
    });
    render();
    expect((await screen.findByRole('alert')).textContent).toBe('Database unavailable');
    expect(screen.queryByRole('form', { name: 'Add API key' })).toBeNull();
  });

  it('adds a key typed in a masked field, clears the form and puts the key at the top', async () => {
    await startKeysApi([geminiKey()]);
    const user = userEvent.setup();
    render();

    const form = await screen.findByRole('form', { name: 'Add API key' });
    const keyInput = within(form).getByLabelText<HTMLInputElement>('API Key');
    expect(keyInput.type).toBe('password');
    await user.click(within(form).getByRole('button', { name: 'Show key' }));
    expect(keyInput.type).toBe('text');
    await user.click(within(form).getByRole('button', { name: 'Hide key' }));
    expect(keyInput.type).toBe('password');

    await user.type(within(form).getByLabelText('Key Name'), '  New key ');
    await user.type(keyInput, 'AIzaSyNEW-secret-0123456789w123');
    expect(within(form).getByLabelText<HTMLInputElement>('Active').checked).toBe(true);
    await user.click(within(form).getByRole('button', { name: 'Add Key' }));

    expect(await screen.findByText('API key added successfully!')).toBeTruthy();
    expect(requestsTo('POST')[0]?.body).toEqual({
      name: 'New key',
      key: 'AIzaSyNEW-secret-0123456789w123',
      isActive: true,
    });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0]!).getByText('New key')).toBeTruthy();
    expect(within(form).getByLabelText<HTMLInputElement>('Key Name').value).toBe('');
    expect(keyInput.value).toBe('');
  });

  it("refuses a blank name or key with 'Name and key are required' and sends nothing", async () => {
    await startKeysApi([]);
    const user = userEvent.setup();
    render();
    const form = await screen.findByRole('form', { name: 'Add API key' });
    await user.type(within(form).getByLabelText('Key Name'), 'Only a name');
    await user.type(within(form).getByLabelText('API Key'), '   ');
    await user.click(within(form).getByRole('button', { name: 'Add Key' }));

    expect((await screen.findByRole('alert')).textContent).toContain(
      'Error: Name and key are required',
    );
    expect(within(form).getByLabelText('API Key').getAttribute('aria-invalid')).toBe('true');
    expect(requestsTo('POST')).toHaveLength(0);
  });

  it('edits a copy of the key: the mask is sent back unchanged, and Cancel leaves it alone', async () => {
    await startKeysApi([geminiKey()]);
    const user = userEvent.setup();
    render();

    await user.click(await screen.findByRole('button', { name: 'Edit Main key' }));
    let form = screen.getByRole('form', { name: 'Edit API key' });
    expect(within(form).getByLabelText<HTMLInputElement>('API Key').value).toBe('AIzaSyAB...wxyz');
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('form', { name: 'Add API key' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Edit Main key' }));
    form = screen.getByRole('form', { name: 'Edit API key' });
    const name = within(form).getByLabelText('Key Name');
    await user.clear(name);
    await user.type(name, 'Renamed key');
    await user.click(within(form).getByLabelText('Active'));
    await user.click(within(form).getByRole('button', { name: 'Update Key' }));

    expect(await screen.findByText('API key updated successfully!')).toBeTruthy();
    expect(requestsTo('PUT').map(({ path, body }) => ({ path, body }))).toEqual([
      {
        path: '/api/gemini-keys/680000000000000000000001',
        body: { name: 'Renamed key', key: 'AIzaSyAB...wxyz', isActive: false },
      },
    ]);
    expect(screen.getByRole('form', { name: 'Add API key' })).toBeTruthy();
    expect(await screen.findByText('Renamed key')).toBeTruthy();
  });

  it('moves focus into the edit form, and back to the row’s Edit button on Escape, Cancel or Update', async () => {
    await startKeysApi([geminiKey()]);
    const user = userEvent.setup();
    render();

    await user.click(await screen.findByRole('button', { name: 'Edit Main key' }));
    let form = screen.getByRole('form', { name: 'Edit API key' });
    expect(document.activeElement).toBe(within(form).getByLabelText('Key Name'));
    await user.tab();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('form', { name: 'Edit API key' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Main key' }));

    await user.keyboard('{Enter}');
    form = screen.getByRole('form', { name: 'Edit API key' });
    expect(document.activeElement).toBe(within(form).getByLabelText('Key Name'));
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Main key' }));

    await user.keyboard('{Enter}');
    await user.keyboard(' 2');
    await user.click(
      within(screen.getByRole('form', { name: 'Edit API key' })).getByRole('button', {
        name: 'Update Key',
      }),
    );
    expect(await screen.findByText('API key updated successfully!')).toBeTruthy();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Edit Main key 2' })),
    );
  });

  it('deletes a key only after the confirmation', async () => {
    await startKeysApi([geminiKey()]);
    const user = userEvent.setup();
    render();

    await user.click(await screen.findByRole('button', { name: 'Delete Main key' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).getByText('Are you sure you want to delete this API key?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(requestsTo('DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Main key' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('API key deleted successfully!')).toBeTruthy();
    expect(requestsTo('DELETE').map((request) => request.path)).toEqual([
      '/api/gemini-keys/680000000000000000000001',
    ]);
    expect(await screen.findByText('No API keys found')).toBeTruthy();
  });

  it('switches a key off and on', async () => {
    await startKeysApi([geminiKey()]);
    const user = userEvent.setup();
    render();

    await user.click(await screen.findByRole('button', { name: 'Deactivate Main key' }));
    expect(await screen.findByText('API key deactivated successfully!')).toBeTruthy();
    await user.click(await screen.findByRole('button', { name: 'Activate Main key' }));
    expect(await screen.findByText('API key activated successfully!')).toBeTruthy();
    expect(requestsTo('PATCH').map((request) => request.path)).toEqual([
      '/api/gemini-keys/680000000000000000000001/toggle',
      '/api/gemini-keys/680000000000000000000001/toggle',
    ]);
  });

  it("shows a failed change as 'Error: ' and the server's message, until dismissed", async () => {
    await startKeysApi([geminiKey()], {
      'geminiKeys.toggle': { status: 500, body: { statusCode: 500, message: 'Database down' } },
    });
    const user = userEvent.setup();
    render();

    await user.click(await screen.findByRole('button', { name: 'Deactivate Main key' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Error: Database down');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
