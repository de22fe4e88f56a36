import { Readable } from 'node:stream';
import { StreamableFile } from '@nestjs/common';
import { stringify } from 'csv-stringify';

/** One column of an export: its header and what a row shows in it. */
export interface CsvColumn<Row> {
  header: string;
  value(row: Row): string | number | boolean | null | undefined;
}

/**
 * An admin list as a CSV download (`?format=csv`): every row `rows` yields, streamed as it is read
 * from the database (never the whole list in memory). A cell a spreadsheet would run as a formula
 * (starting with =, +, -, @, a tab or a carriage return) is prefixed with a quote, so a customer
 * who names themselves `=HYPERLINK(...)` cannot run anything on the admin's machine. A byte-order
 * mark lets spreadsheets read the UTF-8 (names, currency symbols) as such.
 */
export function csvDownload<Row>(
  name: string,
  columns: readonly CsvColumn<Row>[],
  rows: AsyncIterable<Row>,
): StreamableFile {
  async function* records() {
    for await (const row of rows) {
      yield columns.map((column) => column.value(row) ?? '');
    }
  }
  const source = Readable.from(records());
  const csv = stringify({
    header: true,
    columns: columns.map((column) => column.header),
    escape_formulas: true,
    bom: true,
    cast: { boolean: (value) => (value ? 'yes' : 'no') },
  });
  // A read that fails half-way ends the download with an error instead of a quietly short file.
  source.on('error', (error) => csv.destroy(error));
  const day = new Date().toISOString().slice(0, 10);
  return new StreamableFile(source.pipe(csv), {
    type: 'text/csv; charset=utf-8',
    disposition: `attachment; filename="${name}-${day}.csv"`,
  });
}
