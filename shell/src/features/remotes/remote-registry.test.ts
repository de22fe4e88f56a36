import { describe, expect, it } from 'vitest';
import { parseRemoteManifests } from './remote-registry';

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
