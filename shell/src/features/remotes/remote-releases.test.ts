import { describe, expect, it } from 'vitest';
import { canaryFor, visitorBucket } from './remote-releases';

const memoryStorage = (initial: Record<string, string> = {}) => {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
};

describe("a visitor's share of canary releases", () => {
  it('is drawn once, 0 to 99, and kept', () => {
    const storage = memoryStorage();
    const first = visitorBucket(storage);
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThan(100);
    for (let again = 0; again < 5; again += 1) expect(visitorBucket(storage)).toBe(first);
  });

  it('replaces a kept value that is not a share', () => {
    const storage = memoryStorage({ 'coldmail.releaseBucket': '250' });
    const bucket = visitorBucket(storage);
    expect(bucket).toBeLessThan(100);
    expect(storage.getItem('coldmail.releaseBucket')).toBe(String(bucket));
  });

  it('is outside every canary without storage', () => {
    expect(visitorBucket(null)).toBe(100);
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
    };
    expect(visitorBucket(refusing)).toBe(100);
  });
});

describe('the canary a visitor runs', () => {
  const manifestUrl = 'https://admin.example/mf-manifest.json';
  const live = (canary?: unknown) => ({ release: { id: '00000000000000aa', canary } });

  it("is the canary's own manifest, for visitors below its percent", () => {
    const manifest = live({ id: '00000000000000bb', percent: 20 });
    expect(canaryFor(manifest, manifestUrl, 19)).toEqual({
      id: '00000000000000bb',
      manifestUrl: 'https://admin.example/releases/00000000000000bb/mf-manifest.json',
    });
    expect(canaryFor(manifest, manifestUrl, 20)).toBeNull();
    expect(canaryFor(manifest, manifestUrl, 100)).toBeNull();
  });

  it('is none without a canary, or with one the manifest names badly', () => {
    expect(canaryFor(live(), manifestUrl, 0)).toBeNull();
    expect(canaryFor({}, manifestUrl, 0)).toBeNull();
    expect(canaryFor(live({ id: '../../evil', percent: 50 }), manifestUrl, 0)).toBeNull();
    expect(canaryFor(live({ id: '00000000000000bb', percent: '50' }), manifestUrl, 0)).toBeNull();
  });
});
