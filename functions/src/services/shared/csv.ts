/** A CSV cell: quoted, and never read as a formula by a spreadsheet (a leading =, +, -, @, tab or CR gets a '). */
export const csvCell = (value: unknown): string => {
  const text = String(value ?? '');
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** Rows of cells as a CSV file (CRLF line ends, as spreadsheets expect). */
export const csvOf = (rows: unknown[][]): string => `${rows.map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
