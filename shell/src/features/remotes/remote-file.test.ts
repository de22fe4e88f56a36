import { describe, expect, it, vi } from 'vitest';

vi.mock('@module-federation/runtime', () => ({
  loadRemote: vi.fn(),
  registerPlugins: vi.fn(),
  registerRemotes: vi.fn(),
  satisfy: () => true,
}));

const { initRemotes, remoteFileOf } = await import('./remote-registry');

describe('remoteFileOf (which remote an error’s stack frame belongs to)', () => {
  it('finds the remote by its deployment’s folder, and the release folder the file is in', async () => {
    await initRemotes(
      '/remotes.json',
      Promise.resolve({
        marketing: 'http://localhost:4201/mf-manifest.json',
        checkout: 'https://cdn.example/remotes/checkout/mf-manifest.json',
      }),
    );
    const release = '0123456789abcdef';
    expect(
      remoteFileOf(`https://cdn.example/remotes/checkout/releases/${release}/assets/App-x1.js?v=2`),
    ).toEqual({ remote: 'checkout', release, path: `releases/${release}/assets/App-x1.js` });
    // A build served as it is (npm run dev): the remote, no release.
    expect(remoteFileOf('http://localhost:4201/assets/App-x1.js')).toEqual({
      remote: 'marketing',
      release: null,
      path: 'assets/App-x1.js',
    });
    // The shell's own files, and other sites'.
    expect(remoteFileOf(`${window.location.origin}/assets/bootstrap-x1.js`)).toBeNull();
    expect(remoteFileOf('https://www.paypal.com/sdk/js')).toBeNull();
  });
});
