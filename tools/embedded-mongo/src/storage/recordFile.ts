import { crc32 } from 'node:zlib';

/**
 * Framing shared by the journal and snapshot files:
 *   u32le length of (kind + body) | u32le CRC-32 of (kind + body) | u8 kind | body (BSON)
 * A record whose length runs past the end of the file or whose CRC does not match is damaged;
 * scanning stops there, and the caller decides whether it is a torn write at the end of the
 * file (no intact record follows) or damage in the middle (see `countIntactRecordsAfter`).
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

interface ScannedRecord {
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
  for (let end = intactRecordEnd(file, offset); end > 0; end = intactRecordEnd(file, offset)) {
    records.push({
      kind: file[offset + HEADER] as number,
      body: file.subarray(offset + HEADER + 1, end),
    });
    offset = end;
  }
  return { records, validLength: offset };
}

/** The end of the intact record starting at `offset`, or -1 if there is none there. */
function intactRecordEnd(file: Buffer, offset: number, kind?: number): number {
  if (offset + HEADER >= file.length) return -1;
  const length = file.readUInt32LE(offset);
  const end = offset + HEADER + length;
  if (length < 1 || end > file.length) return -1;
  if (kind !== undefined && file[offset + HEADER] !== kind) return -1;
  return crc32(file.subarray(offset + HEADER, end)) === file.readUInt32LE(offset + 4) ? end : -1;
}

/**
 * Intact records of `kind` after damage at `from`, found by trying every byte offset: the
 * damaged record's length field cannot be trusted to say where the next record starts. A
 * false match needs a plausible length, the right kind byte and a matching CRC-32, which
 * random bytes meet too rarely to matter.
 */
export function countIntactRecordsAfter(file: Buffer, from: number, kind: number): number {
  let count = 0;
  let offset = from + 1;
  while (offset + HEADER < file.length) {
    const end = intactRecordEnd(file, offset, kind);
    if (end > 0) count++;
    offset = end > 0 ? end : offset + 1;
  }
  return count;
}
