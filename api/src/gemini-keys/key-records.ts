import type { GeminiKey as GeminiKeyRecord } from '@coldmail/contracts';
import type { GeminiKeyData } from './schemas/gemini-key.schema';

/** The audit log's target for a key. */
export function targetOf(key: GeminiKeyData) {
  return { kind: 'gemini-key', id: key._id.toHexString(), label: key.name };
}

/** What the audit log keeps of a key: its mask, never the key. */
export function snapshotOf(key: GeminiKeyData) {
  return { name: key.name, keyMask: key.keyMask, isActive: key.isActive };
}

/** The API's shape of a key: its mask, never the key, and its state at `now`. */
export function toGeminiKeyRecord(key: GeminiKeyData, now: Date): GeminiKeyRecord {
  const cooling = key.coolingUntil !== null && key.coolingUntil > now;
  return {
    _id: key._id.toHexString(),
    name: key.name,
    key: key.keyMask,
    isActive: key.isActive,
    status: !key.isActive ? 'inactive' : key.failing ? 'failing' : cooling ? 'cooling' : 'active',
    coolingUntil: cooling ? (key.coolingUntil?.toISOString() ?? null) : null,
    lastError: key.lastError,
    lastErrorAt: key.lastErrorAt?.toISOString() ?? null,
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
    useCount: key.useCount,
    tokenCount: key.tokenCount ?? 0,
    failureCount: key.failureCount,
    createdAt: key.createdAt.toISOString(),
    updatedAt: key.updatedAt.toISOString(),
  };
}
