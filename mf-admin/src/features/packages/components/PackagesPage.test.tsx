import {
  creditPackage,
  renderRemote,
  startTestApi,
  type TestApi,
  userRecord,
} from '@coldmail/testing';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';

let api: TestApi;
afterEach(() => api.close());
const admin = userRecord({ userRole: 'Admin' });
const pkg = (id: string, packageName: string) =>
  creditPackage({ _id: `6a000000000000000000000${id}`, packageName });

describe('/admin/packages', () => {
  it("refuses 'Add Package' at three packages, saying 'Maximum 3 packages allowed' on it", async () => {
    api = await startTestApi({
      'packages.list': { body: [pkg('1', 'Starter'), pkg('2', 'Growth'), pkg('3', 'Scale')] },
    });
    renderRemote(App, '/admin/packages', { apiUrl: api.url, profile: admin });
    expect(await screen.findAllByRole('article')).toHaveLength(3);
    const add = screen.getByRole('button', {
      name: 'Add Package',
      description: 'Maximum 3 packages allowed',
    });
    // Still in the tab order, so the hint is heard; pressing it opens nothing.
    expect(add.getAttribute('aria-disabled')).toBe('true');
    expect(add.hasAttribute('disabled')).toBe(false);
    add.focus();
    await userEvent.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('names each card’s Edit and Delete after its package', async () => {
    api = await startTestApi({
      'packages.list': { body: [pkg('1', 'Starter'), pkg('2', 'Growth')] },
    });
    renderRemote(App, '/admin/packages', { apiUrl: api.url, profile: admin });
    await screen.findAllByRole('article');
    expect(
      screen
        .getAllByRole('button', { name: /^(Edit|Delete) / })
        .map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Edit Starter', 'Delete Starter', 'Edit Growth', 'Delete Growth']);
  });

  it(
    'shows the empty state, then adds a package validated with the API’s rules',
    { timeout: 20_000 },
    async () => {
      api = await startTestApi({
        'packages.list': { body: [] },
        'packages.add': { body: pkg('4', 'Starter') },
      });
      renderRemote(App, '/admin/packages', { apiUrl: api.url, profile: admin });
      await screen.findByText('No packages available. Add a new package to get started.');
      await userEvent.click(screen.getByRole('button', { name: 'Add Package' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Package' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add Package' }));
      expect(await within(dialog).findByText('Package name is required')).toBeTruthy();
      await userEvent.type(within(dialog).getByLabelText(/Package Name/), 'Starter');
      await userEvent.type(within(dialog).getByLabelText(/Price/), '9.5');
      await userEvent.type(within(dialog).getByLabelText(/Credits/), '100');
      await userEvent.type(within(dialog).getByLabelText('Feature 1'), 'Fast');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add Package' }));
      await screen.findByText('Package added successfully');
      await waitFor(() =>
        expect(api.requests.find((request) => request.method === 'POST')?.body).toMatchObject({
          packageName: 'Starter',
          price: 9.5,
          credit: 100,
          validity: 30,
          pointOne: 'Fast',
        }),
      );
    },
  );

  it("says exactly 'Failed to fetch packages' when the list cannot be loaded", async () => {
    api = await startTestApi({ 'packages.list': { status: 500 } });
    renderRemote(App, '/admin/packages', { apiUrl: api.url, profile: admin });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch packages');
  });

  it(
    "says 'Failed to add package', with the server's reason when the admin can act on it",
    { timeout: 20_000 },
    async () => {
      api = await startTestApi({
        'packages.list': { body: [pkg('1', 'Starter'), pkg('2', 'Growth')] },
        'packages.add': {
          status: 409,
          body: { statusCode: 409, message: 'Maximum 3 packages allowed' },
        },
      });
      renderRemote(App, '/admin/packages', { apiUrl: api.url, profile: admin });
      await screen.findAllByRole('article');
      await userEvent.click(screen.getByRole('button', { name: 'Add Package' }));
      const dialog = await screen.findByRole('dialog', { name: 'Add Package' });
      await userEvent.type(within(dialog).getByLabelText(/Package Name/), 'Scale');
      await userEvent.type(within(dialog).getByLabelText(/Price/), '49');
      await userEvent.type(within(dialog).getByLabelText(/Credits/), '1000');
      await userEvent.click(within(dialog).getByRole('button', { name: 'Add Package' }));
      const failure = await within(dialog).findByRole('alert');
      expect(within(failure).getByText('Failed to add package')).toBeTruthy();
      expect(within(failure).getByText('Maximum 3 packages allowed')).toBeTruthy();
    },
  );

  it(
    "says only 'Failed to update package' when the server fails without a reason for the admin",
    { timeout: 20_000 },
    async () => {
      api = await startTestApi({
        'packages.list': { body: [pkg('1', 'Starter')] },
        'packages.get': { body: pkg('1', 'Starter') },
        'packages.edit': { status: 500 },
      });
      renderRemote(App, '/admin/packages', { apiUrl: api.url, profile: admin });
      await userEvent.click(await screen.findByRole('button', { name: 'Edit Starter' }));
      const dialog = await screen.findByRole('dialog', { name: 'Edit Package' });
      await userEvent.click(within(dialog).getByRole('button', { name: 'Update Package' }));
      expect((await within(dialog).findByRole('alert')).textContent).toBe(
        'Failed to update package',
      );
    },
  );

  it('edits the package as the server has it now, read afresh when the form opens', async () => {
    api = await startTestApi({
      'packages.list': { body: [pkg('1', 'Starter')] },
      'packages.get': { body: { ...pkg('1', 'Starter'), packageName: 'Starter (renamed)' } },
    });
    renderRemote(App, '/admin/packages', { apiUrl: api.url, profile: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Starter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Package' });
    await waitFor(() =>
      expect((within(dialog).getByLabelText(/Package Name/) as HTMLInputElement).value).toBe(
        'Starter (renamed)',
      ),
    );
  });

  it("says 'Failed to fetch package' when the package cannot be read for editing", async () => {
    api = await startTestApi({
      'packages.list': { body: [pkg('1', 'Starter')] },
      'packages.get': { status: 500 },
    });
    renderRemote(App, '/admin/packages', { apiUrl: api.url, profile: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Starter' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Package' });
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to fetch package');
  });
});
