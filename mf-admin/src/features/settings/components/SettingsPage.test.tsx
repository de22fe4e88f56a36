import {
  creditPackage,
  currentPath,
  paypalSettings,
  recordFailed,
  recordLoaded,
  renderRemote,
  startTestApi,
  type TestApi,
  userRecord,
} from '@coldmail/testing';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import App from '../../../app/App';
import { makeApiUnreachable } from '../../../test/unreachableApi';

let api: TestApi;
afterEach(() => api.close());

const admin = userRecord({
  userRole: 'Admin',
  userName: 'Ada Admin',
  userEmail: 'ada@example.com',
  profileURL: null,
});

describe('/admin/settings', () => {
  it('opens on Account with the profile header, and lists the spec’s menu, then the legal pages', async () => {
    api = await startTestApi({});
    renderRemote(App, '/admin/settings', { apiUrl: api.url, profile: admin });
    const menu = within(await screen.findByRole('complementary', { name: 'Settings' }));
    expect(menu.getAllByRole('button').map((button) => button.textContent)).toEqual([
      'Account',
      'Logo Update',
      'Banner Section',
      'Featured Section',
      'About Section',
      'Testimonial Section',
      'Contact Page Settings',
      'Gemini Keys',
      'Paypal Setup',
      'Packages',
      'Footer Section',
      'Privacy Policy',
      'Terms of Service',
      'Refund Policy',
      'Invoicing',
    ]);
    expect(menu.getByText('Ada Admin')).toBeTruthy();
    expect(menu.getByText('ada@example.com')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Account', level: 1 })).toBeTruthy();
  });

  it('edits the admin’s own profile in the Account panel: photo card and Personal Information', async () => {
    api = await startTestApi({
      'users.updateProfile': { body: { ...admin, userName: 'Ada Lovelace' } },
      'users.list': { body: [{ ...admin, userName: 'Ada Lovelace' }] },
    });
    renderRemote(App, '/admin/settings', { apiUrl: api.url, profile: admin });
    expect(await screen.findByRole('button', { name: 'Change Photo' })).toBeTruthy();
    expect(screen.getByText('Personal Information')).toBeTruthy();
    const name = screen.getByLabelText(/Full Name/) as HTMLInputElement;
    expect(name.value).toBe('Ada Admin');
    await userEvent.clear(name);
    await userEvent.type(name, 'Ada Lovelace');
    await userEvent.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeTruthy();
    expect(
      api.requests.find((request) => request.path === `/update-user-profile/${admin._id}`)?.body,
    ).toMatchObject({ userName: 'Ada Lovelace' });
    // The menu's header follows the record, refreshed after the save.
    const menu = within(screen.getByRole('complementary', { name: 'Settings' }));
    expect(await menu.findByText('Ada Lovelace')).toBeTruthy();
  });

  it('saves the PayPal settings without sending an untouched secret, and resets after confirming', async () => {
    const stored = paypalSettings({ mode: 'sandbox', clientSecret: 'abcd••••wxyz' });
    api = await startTestApi({
      'paypalSettings.get': { body: { success: true, data: stored } },
      'paypalSettings.update': { body: { success: true, data: stored } },
      'paypalSettings.reset': { body: { success: true, data: stored } },
    });
    renderRemote(App, '/admin/settings', { apiUrl: api.url, profile: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Paypal Setup' }));
    await userEvent.selectOptions(await screen.findByLabelText('Shape'), 'pill');
    await userEvent.click(screen.getByRole('button', { name: 'Save Settings' }));
    await screen.findByText('PayPal settings updated successfully');
    const sent = api.requests.find((request) => request.method === 'PUT')?.body as Record<
      string,
      unknown
    >;
    expect(sent).not.toHaveProperty('clientSecret');
    expect(sent).toMatchObject({ buttonStyles: { shape: 'pill' } });

    await userEvent.click(screen.getByRole('button', { name: 'Reset to Default' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset' }));
    await screen.findByText('PayPal settings reset successfully');
    await waitFor(() =>
      expect(api.requests.some((request) => request.path === '/api/paypal-settings/reset')).toBe(
        true,
      ),
    );
  });

  it('previews the PayPal buttons as a picture that cannot be pressed or read twice', async () => {
    api = await startTestApi({
      'paypalSettings.get': { body: { success: true, data: paypalSettings() } },
    });
    renderRemote(App, '/admin/settings', { apiUrl: api.url, profile: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Paypal Setup' }));
    await screen.findByRole('heading', { name: 'Preview' });
    const preview = screen.getByTestId('paypal-preview');
    expect(preview.hasAttribute('inert')).toBe(true);
    expect(preview.getAttribute('aria-hidden')).toBe('true');
  });

  it("tells a PayPal load the server refused ('Failed ...') from one that got no answer ('Error ...')", async () => {
    api = await startTestApi({ 'paypalSettings.get': { status: 500 } });
    renderRemote(App, '/admin/settings', { apiUrl: api.url, profile: admin });
    const menu = within(await screen.findByRole('complementary', { name: 'Settings' }));
    await userEvent.click(menu.getByRole('button', { name: 'Paypal Setup' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch PayPal data');

    await userEvent.click(menu.getByRole('button', { name: 'Account' }));
    const refused = makeApiUnreachable();
    await userEvent.click(menu.getByRole('button', { name: 'Paypal Setup' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Error fetching PayPal data');
    expect(refused.length).toBeGreaterThan(0);
  });

  it("tells a PayPal save or reset the server refused ('Failed ...') from one that got no answer ('Error ...')", async () => {
    api = await startTestApi({
      'paypalSettings.get': { body: { success: true, data: paypalSettings({ mode: 'sandbox' }) } },
      'paypalSettings.update': { status: 500 },
      'paypalSettings.reset': { status: 500 },
    });
    renderRemote(App, '/admin/settings', { apiUrl: api.url, profile: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Paypal Setup' }));
    const save = await screen.findByRole('button', { name: 'Save Settings' });
    const reset = async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Reset to Default' }));
      await userEvent.click(
        within(await screen.findByRole('dialog')).getByRole('button', { name: 'Reset' }),
      );
    };
    await userEvent.click(save);
    await screen.findByText('Failed to update PayPal settings');
    await reset();
    await screen.findByText('Failed to reset PayPal settings');

    const refused = makeApiUnreachable();
    await userEvent.click(save);
    await screen.findByText('Error updating PayPal settings');
    await reset();
    await screen.findByText('Error resetting PayPal settings');
    expect(refused).toHaveLength(2);
  });

  it('shows a spinner while the admin’s record loads, and says so when it cannot be loaded', async () => {
    api = await startTestApi({});
    renderRemote(App, '/admin/settings', { apiUrl: api.url, profile: null });
    const menu = within(await screen.findByRole('complementary', { name: 'Settings' }));
    expect(screen.getByRole('status')).toBeTruthy();
    await act(() => recordFailed());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'User data could not be loaded. Please try again later.',
    );
    expect(screen.queryByRole('button', { name: 'Change Photo' })).toBeNull();
    // The menu stays, with the fallback name.
    expect(menu.getByText('User')).toBeTruthy();
    act(() => recordLoaded(admin));
    expect(await screen.findByRole('button', { name: 'Change Photo' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('links the Packages panel to the packages’ own page', async () => {
    api = await startTestApi({ 'packages.list': { body: [creditPackage()] } });
    renderRemote(App, '/admin/settings', { apiUrl: api.url, profile: admin });
    await userEvent.click(await screen.findByRole('button', { name: 'Packages' }));
    await screen.findByRole('heading', { name: 'Pro' });
    await userEvent.click(
      screen.getByRole('link', { name: 'Open Pricing Packages as a page of its own' }),
    );
    expect(await screen.findByRole('heading', { name: 'Pricing Packages', level: 1 })).toBeTruthy();
    expect(currentPath()).toBe('/admin/packages');
  });
});
