import { stringify } from "csv-stringify/sync";

/**
 * CSV that a spreadsheet opens as data, whoever wrote the values (OWASP's CSV injection advice):
 * a cell starting with =, +, -, @, TAB or CR (or a full-width =, +, -, @) gets a leading single
 * quote so it is not run as a formula, and every cell is quoted so that no comma or quote inside
 * a value starts a new cell. Numbers stay as they are: -5 is a number, not a formula.
 */
export function spreadsheetCsv(rows: unknown[][]): string {
  return stringify(rows, { quoted: true, escape_formulas: true });
}
