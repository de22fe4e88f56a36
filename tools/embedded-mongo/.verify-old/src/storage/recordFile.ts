import { crc32 } from 'node:zlib';

/**
 * Framing shared by the journal and snapshot files:
 *   u32le length of (kind + body) | u32le CRC-32 of (kind + body) | u8 kind | body (BSON)
 * A record whose length runs past the end of the file or whose CRC does not match is where a
 * crash interrupted a write: it and anything after it are discarded.
 */
export const RecordKind = {
  journalBatch: 0x4a, // 'J'
  snapshotHeader: 0x48, // 'H'
  snapshotCollection: 0x43, // 'C'
  /** Concatenated BSON documents of the collection named by the preceding 'C' record. */
  snapshotDocuments: 0x44, // 'D'
  snapshotEnd: 0x45, // 'E'
} as const;

const HEADER = 8;

export function frameRecord(kind: number, body: Buffer): Buffer {
  const out = Buffer.allocUnsafe(HEADER + 1 + body.length);
  out.writeUInt32LE(1 + body.length, 0);
  out[HEADER] = kind;
  body.copy(out, HEADER + 1);
  out.writeUInt32LE(crc32(out.subarray(HEADER)), 4);
  return out;
}

export interface ScannedRecord {
  kind: number;
  body: Buffer;
}

export interface ScanResult {
  records: ScannedRecord[];
  /** Bytes up to the end of the last intact record. */
  validLength: number;
}

export function scanRecords(file: Buffer): ScanResult {
  const records: ScannedRecord[] = [];
  let offset = 0;
  while (offset + HEADER <= file.length) {
    const length = file.readUInt32LE(offset);
    const end = offset + HEADER + length;
    if (length < 1 || end > file.length) break;
    const payload = file.subarray(offset + HEADER, end);
    if (crc32(payload) !== file.readUInt32LE(offset + 4)) break;
    records.push({ kind: payload[0] as number, body: payload.subarray(1) });
    offset = end;
  }
  return { records, validLength: offset };
}
