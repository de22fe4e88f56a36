import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig, type AppConfig } from '../config/app-config';
import { SecretCipher } from './secret-cipher';

const API_KEY = 'AIzaSyD-example-key-0123456789abcdefgh';

const withSecret = (keysSecret: AppConfig['gemini']['keysSecret']): AppConfig => {
  const config = loadConfig({ NODE_ENV: 'test' });
  return { ...config, gemini: { ...config.gemini, keysSecret } };
};
const envCipher = (fill: number, version = 1, previous: [number, number][] = []) =>
  new SecretCipher(
    withSecret({
      source: 'env',
      key: Buffer.alloc(32, fill),
      version,
      previous: new Map(previous.map(([v, f]) => [v, Buffer.alloc(32, f)])),
    }),
  );

describe('SecretCipher', () => {
  it('seals with a fresh IV each time and opens what it sealed', () => {
    const cipher = envCipher(1);
    const first = cipher.seal(API_KEY);
    const second = cipher.seal(API_KEY);
    expect(first.iv).toHaveLength(12);
    expect(first.tag).toHaveLength(16);
    expect(first.iv.equals(second.iv)).toBe(false);
    expect(first.data.equals(second.data)).toBe(false);
    expect(first.data.includes(API_KEY)).toBe(false);
    expect(cipher.open(first)).toBe(API_KEY);
    expect(cipher.open(second)).toBe(API_KEY);
  });

  it('refuses to open with another data key or an altered ciphertext', () => {
    const sealed = envCipher(1).seal(API_KEY);
    expect(() => envCipher(2).open(sealed)).toThrow();
    const altered = Buffer.from(sealed.data);
    altered[0] = (altered[0] ?? 0) ^ 1;
    expect(() => envCipher(1).open({ ...sealed, data: altered })).toThrow();
  });

  it('outside production, generates a key file readable by its owner only, then reuses it', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'gemini-secret-')), 'nested', 'keys.secret');
    const sealed = new SecretCipher(withSecret({ source: 'file', path })).seal(API_KEY);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(Buffer.from(readFileSync(path, 'utf8').trim(), 'base64')).toHaveLength(32);
    // A restart reads the same file, so the keys stored before stay readable.
    expect(new SecretCipher(withSecret({ source: 'file', path })).open(sealed)).toBe(API_KEY);
  });

  it('refuses a key file that does not hold a 32-byte key', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'gemini-secret-')), 'keys.secret');
    writeFileSync(path, 'not a key\n');
    expect(() => new SecretCipher(withSecret({ source: 'file', path }))).toThrow(
      /does not hold a 32-byte key/,
    );
  });

  it('refuses a sealed secret whose tag is shorter than 16 bytes (easier to forge)', () => {
    const sealed = envCipher(1).seal(API_KEY);
    for (const length of [4, 8, 12, 15]) {
      expect(() => envCipher(1).open({ ...sealed, tag: sealed.tag.subarray(0, length) })).toThrow(
        /truncated tag/,
      );
    }
  });

  it('stores the data key version, opens older versions while they are configured, and says which are stale', () => {
    const old = envCipher(1).seal(API_KEY);
    expect(old.keyVersion).toBe(1);
    const rotated = envCipher(2, 2, [[1, 1]]);
    expect(rotated.isStale(old)).toBe(true);
    expect(rotated.open(old)).toBe(API_KEY);
    const resealed = rotated.seal(rotated.open(old));
    expect(resealed.keyVersion).toBe(2);
    expect(rotated.isStale(resealed)).toBe(false);
    // Once the old key is dropped, what it sealed cannot be opened: say which version is missing.
    expect(() => envCipher(2, 2).open(old)).toThrow(/data key version 1, which is not configured/);
    // A secret sealed before versions were stored is version 1.
    const { keyVersion: _version, ...legacy } = old;
    expect(envCipher(2, 2, [[1, 1]]).open(legacy)).toBe(API_KEY);
  });
});
