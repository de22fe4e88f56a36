/**
 * Builds a BSON document from already-encoded parts. Replies and journal records embed stored
 * documents whose encoding is cached, so we splice bytes instead of re-serializing objects.
 */
export class RawDocumentWriter {
  private parts: Buffer[] = [];
  private length = 5;

  private element(type: number, name: string, value: Buffer): this {
    const head = Buffer.allocUnsafe(1 + Buffer.byteLength(name) + 1);
    head[0] = type;
    head.write(name, 1, 'utf8');
    head[head.length - 1] = 0;
    this.parts.push(head, value);
    this.length += head.length + value.length;
    return this;
  }

  document(name: string, bytes: Buffer): this {
    return this.element(0x03, name, bytes);
  }

  array(name: string, elements: Buffer[]): this {
    const w = new RawDocumentWriter();
    for (let i = 0; i < elements.length; i++) w.document(String(i), elements[i] as Buffer);
    return this.element(0x04, name, w.finish());
  }

  string(name: string, value: string): this {
    const len = Buffer.byteLength(value);
    const b = Buffer.allocUnsafe(4 + len + 1);
    b.writeInt32LE(len + 1, 0);
    b.write(value, 4, 'utf8');
    b[b.length - 1] = 0;
    return this.element(0x02, name, b);
  }

  int64(name: string, value: bigint): this {
    const b = Buffer.allocUnsafe(8);
    b.writeBigInt64LE(value, 0);
    return this.element(0x12, name, b);
  }

  double(name: string, value: number): this {
    const b = Buffer.allocUnsafe(8);
    b.writeDoubleLE(value, 0);
    return this.element(0x01, name, b);
  }

  finish(): Buffer {
    const out = Buffer.allocUnsafe(this.length);
    out.writeInt32LE(this.length, 0);
    let offset = 4;
    for (const p of this.parts) {
      p.copy(out, offset);
      offset += p.length;
    }
    out[offset] = 0;
    return out;
  }
}
