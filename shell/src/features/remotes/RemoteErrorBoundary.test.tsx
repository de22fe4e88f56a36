import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { RemoteErrorBoundary } from './RemoteErrorBoundary';
import { RemoteLoadError, RemoteVersionError } from './remote-registry';

/** The admin remote's page in its box, throwing `failure` while `failing()` says so. */
function renderRemotePage(failure: Error, failing: () => boolean = () => true) {
  const onRetryLoad = vi.fn();
  function Page() {
    if (failing()) throw failure;
    return <h1>Settings</h1>;
  }
  // The boundary reports what it caught on the console, as React does: expected here.
  const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
  render(
    <>
      <p>Site header</p>
      <RemoteErrorBoundary remote="admin" resetKey="0:/admin/settings" onRetryLoad={onRetryLoad}>
        <Page />
      </RemoteErrorBoundary>
    </>,
  );
  quiet.mockRestore();
  return onRetryLoad;
}

describe('RemoteErrorBoundary', () => {
  it('says the section is unavailable when the remote could not be loaded, and loads it again on Retry', async () => {
    const onRetryLoad = renderRemotePage(new RemoteLoadError('admin', new Error('offline')));
    expect(screen.getByRole('alert').textContent).toContain(
      'This section is temporarily unavailable',
    );
    expect(screen.getByText('Site header')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetryLoad).toHaveBeenCalledOnce();
  });

  it('says the section needs a newer site, and offers a reload, when the remote was built for another major of a shared module', () => {
    const onRetryLoad = renderRemotePage(
      new RemoteVersionError('admin', '@coldmail/session', '1.0.0', '^2.0.0'),
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('This section has been updated');
    expect(alert.textContent).toContain('Reload the page');
    expect(screen.getByRole('button', { name: 'Reload page' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(screen.getByText('Site header')).toBeTruthy();
    expect(onRetryLoad).not.toHaveBeenCalled();
  });

  it.each([
    [
      'a page chunk of the remote',
      new TypeError(
        'Failed to fetch dynamically imported module: http://localhost:4204/assets/SettingsPage-x1.js',
      ),
    ],
    ['the federation runtime', new Error('Failed to load script resources. #RUNTIME-008')],
  ])('counts a failed load of %s as unavailable, not as a crash', (_, failure) => {
    renderRemotePage(failure);
    expect(screen.getByRole('alert').textContent).toContain(
      'This section is temporarily unavailable',
    );
  });

  it('says something went wrong, without the error’s text, when the page crashes; Retry draws it again', async () => {
    let crashes = true;
    const onRetryLoad = renderRemotePage(
      new TypeError("Cannot read properties of undefined (reading 'map')"),
      () => crashes,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Something went wrong on this page.');
    expect(alert.textContent).not.toContain('temporarily unavailable');
    expect(alert.textContent).not.toContain('Loading chunk');
    expect(alert.textContent).not.toContain('Cannot read properties');

    crashes = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(screen.getByRole('heading', { name: 'Settings' })).toBeTruthy();
    expect(onRetryLoad, 'the code was in: nothing to load again').not.toHaveBeenCalled();
  });
});
