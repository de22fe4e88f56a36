import { describe, expect, it } from 'vitest';
import {
  parseRemoteManifests,
  RemoteLoadError,
  skewedSharedModule,
  versionSkewOf,
} from './remote-registry';

describe('parseRemoteManifests', () => {
  it('resolves relative manifest URLs against remotes.json itself', () => {
    expect(
      parseRemoteManifests(
        {
          checkout: '/checkout/mf-manifest.json',
          admin: 'https://cdn.example.com/admin/mf-manifest.json',
        },
        'https://shop.example.com/remotes.json',
      ),
    ).toEqual({
      checkout: 'https://shop.example.com/checkout/mf-manifest.json',
      admin: 'https://cdn.example.com/admin/mf-manifest.json',
    });
  });

  it('refuses a file that is not a map of names to URLs', () => {
    expect(() => parseRemoteManifests(['x'], 'http://localhost/remotes.json')).toThrow();
    expect(() => parseRemoteManifests({ checkout: 42 }, 'http://localhost/remotes.json')).toThrow();
    expect(() =>
      parseRemoteManifests({ 'bad name': 'x' }, 'http://localhost/remotes.json'),
    ).toThrow();
  });
});

describe('versionSkewOf (a remote’s manifest against the shared modules this page runs)', () => {
  const running = { react: '19.3.1', '@coldmail/session': '1.2.0' };
  const manifest = (...shared: { name: string; requiredVersion: string }[]) => ({
    name: 'account',
    shared: shared.map((entry) => ({ ...entry, version: '9.9.9' })),
  });

  it('lets a remote built for the same major run, whatever minor it was built against', () => {
    expect(
      versionSkewOf(
        'account',
        manifest(
          { name: '@coldmail/session', requiredVersion: '^1.0.0' },
          { name: 'react', requiredVersion: '^19.2.0' },
        ),
        running,
      ),
    ).toBeNull();
  });

  it('refuses a remote built for another major, or needing a newer minor, naming the module', () => {
    const major = versionSkewOf(
      'account',
      manifest({ name: '@coldmail/session', requiredVersion: '^2.0.0' }),
      running,
    );
    expect(major).toMatchObject({
      name: 'RemoteVersionError',
      remote: 'account',
      sharedModule: '@coldmail/session',
      running: '1.2.0',
      required: '^2.0.0',
    });
    expect(skewedSharedModule(new RemoteLoadError('account', major))).toBe('@coldmail/session');
    expect(
      versionSkewOf('account', manifest({ name: 'react', requiredVersion: '^20.0.0' }), running)
        ?.sharedModule,
    ).toBe('react');
    expect(
      versionSkewOf(
        'account',
        manifest({ name: '@coldmail/session', requiredVersion: '^1.3.0' }),
        running,
      )?.required,
    ).toBe('^1.3.0');
  });

  it('leaves alone what the page does not share, and a manifest without a shared list', () => {
    expect(
      versionSkewOf('account', manifest({ name: 'lodash', requiredVersion: '^5.0.0' }), running),
    ).toBeNull();
    expect(versionSkewOf('account', { name: 'account' }, running)).toBeNull();
    expect(versionSkewOf('account', null, running)).toBeNull();
  });
});
