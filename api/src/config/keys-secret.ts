export const KEYS_SECRET_FORMAT =
  'Must be 32 random bytes written as base64 or hex, e.g. the output of `openssl rand -base64 32`';

/** 32 bytes from 64 hex digits or base64 (standard or URL-safe); null when it is neither. */
export function parseKeysSecret(text: string): Buffer | null {
  const value = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(value)) return Buffer.from(value, 'hex');
  if (!/^[A-Za-z0-9+/_-]{43}=?$/.test(value)) return null;
  const bytes = Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : null;
}
