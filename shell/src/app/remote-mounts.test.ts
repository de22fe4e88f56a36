import { describe, expect, it } from 'vitest';
import { remoteForPath } from './remote-mounts';

describe('remoteForPath', () => {
  it('finds the remote that owns a path, parameters and trailing slashes included', () => {
    expect(remoteForPath('/')).toBe('marketing');
    expect(remoteForPath('/premium/cold-pack/abc123')).toBe('marketing');
    expect(remoteForPath('/pay-now/ORDER123')).toBe('checkout');
    expect(remoteForPath('/user/pending-payment/')).toBe('checkout');
    expect(remoteForPath('/user/generate-email')).toBe('generator');
    expect(remoteForPath('/admin/settings')).toBe('admin');
  });

  it('leaves the shell’s own pages and unknown paths alone', () => {
    expect(remoteForPath('/login')).toBeNull();
    expect(remoteForPath('/buy')).toBeNull();
    expect(remoteForPath('/nowhere')).toBeNull();
  });
});
