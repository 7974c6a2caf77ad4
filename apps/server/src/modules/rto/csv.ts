/**
 * A small CSV reader (RFC 4180: commas, double-quoted fields with "" escapes, CRLF or LF) for reference-data imports.
 * Returns rows of fields with the 1-based line each row starts on; blank lines are skipped.
 */
export interface CsvRow {
  line: number;
  fields: string[];
}

export function parseCsv(text: string): CsvRow[] {
  const rows: CsvRow[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    fields.push(field);
    if (fields.length > 1 || (fields[0] ?? '').trim() !== '') rows.push({ line: rowLine, fields });
    fields = [];
    field = '';
  };
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else {
        if (c === '\n') line += 1;
        field += c;
      }
    } else if (c === '"' && field === '') quoted = true;
    else if (c === ',') {
      fields.push(field);
      field = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else field += c;
  }
  if (field !== '' || fields.length > 0) endRow();
  return rows;
}
