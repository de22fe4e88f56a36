import { Readable } from 'node:stream';
import { StreamableFile } from '@nestjs/common';
import { stringify } from 'csv-stringify';

/** One column of an export: its header and what a row shows in it. */
export interface CsvColumn<Row> {
  header: string;
  value(row: Row): string | number | boolean | null | undefined;
}

/**
 * A separator a spreadsheet may split cells on (a comma; a semicolon where the decimal mark is a
 * comma, as in most of Europe; a tab; a line break) followed by what starts a formula.
 */
const FORMULA_AFTER_SEPARATOR = /([,;\t\r\n])(?=[=+\-@\t\r])/g;

/**
 * What a customer typed, as a cell no spreadsheet runs: a formula character right after a
 * separator gets a quote before it, as escape_formulas gives one at the cell's start.
 */
const neutralised = (text: string) => text.replace(FORMULA_AFTER_SEPARATOR, "$1'");

/**
 * An admin list as a CSV download (`?format=csv`): every row `rows` yields, streamed as it is read
 * from the database (never the whole list in memory). A cell a spreadsheet would run as a formula
 * (starting with =, +, -, @, a tab or a carriage return) is prefixed with a quote, so a customer
 * who names themselves `=HYPERLINK(...)` cannot run anything on the admin's machine; so is one
 * that follows a separator inside a cell (`x;=HYPERLINK(...)`, which a spreadsheet reading `;` as
 * its separator would split into a formula cell), and every cell holding a `;` or a tab is quoted.
 * A byte-order mark lets spreadsheets read the UTF-8 (names, currency symbols) as such.
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
    quoted_match: /[;\t]/,
    bom: true,
    cast: { boolean: (value) => (value ? 'yes' : 'no'), string: neutralised },
  });
  // A read that fails half-way ends the download with an error instead of a quietly short file.
  source.on('error', (error) => csv.destroy(error));
  const day = new Date().toISOString().slice(0, 10);
  return new StreamableFile(source.pipe(csv), {
    type: 'text/csv; charset=utf-8',
    disposition: `attachment; filename="${name}-${day}.csv"`,
  });
}
