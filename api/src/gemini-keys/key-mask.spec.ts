import { maskApiKey } from './key-mask';

describe('maskApiKey', () => {
  it('shows the first 8 and last 4 characters of a key, and nothing of a short one', () => {
    expect(maskApiKey('AIzaSyD-example-key-0123456789abcdefgh')).toBe('AIzaSyD-...efgh');
    expect(maskApiKey('short-key-123')).toBe('************');
  });
});
