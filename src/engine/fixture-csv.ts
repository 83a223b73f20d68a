/**
 * The reader of carbon's own shipped CSV files (fixtures/factors): RFC 4180, comma-separated,
 * double quotes doubled inside quoted fields, LF or CRLF, a header row, an optional BOM. User
 * files go through src/import/ instead (delimiters, encodings, line-numbered rejects); these
 * files are data we ship, so anything else is a bug and throws. Written for speed: the factor
 * library is 6.5 MB of CSV that every new database loads, which csv-parse reads 5x slower.
 */
export function parseFixtureCsv(text: string, file: string): Record<string, string>[] {
  const rows = fixtureCsvRows(text, file);
  const [header, ...lines] = rows;
  if (header === undefined) return [];
  return lines
    .filter((cells) => !(cells.length === 1 && cells[0] === ""))
    .map((cells, index) => {
      if (cells.length !== header.length) {
        throw new Error(
          `${file} line ${index + 2}: ${cells.length} fields, the header has ${header.length}`,
        );
      }
      const row: Record<string, string> = {};
      for (let i = 0; i < header.length; i++) row[header[i] ?? ""] = cells[i] ?? "";
      return row;
    });
}

const QUOTE = 34;
const COMMA = 44;
const LF = 10;
const CR = 13;

/** The file's records as arrays of fields. */
function fixtureCsvRows(source: string, file: string): string[][] {
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const rows: string[][] = [];
  let row: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field: string;
    if (text.charCodeAt(i) === QUOTE) {
      let value = "";
      let from = i + 1;
      for (;;) {
        const quote = text.indexOf('"', from);
        if (quote < 0) throw new Error(`${file}: a quoted field is not closed`);
        if (text.charCodeAt(quote + 1) === QUOTE) {
          value += text.slice(from, quote + 1);
          from = quote + 2;
          continue;
        }
        value += text.slice(from, quote);
        i = quote + 1;
        break;
      }
      field = value;
    } else {
      let end = i;
      while (end < text.length) {
        const c = text.charCodeAt(end);
        if (c === COMMA || c === LF || c === CR) break;
        if (c === QUOTE) throw new Error(`${file}: a quote inside an unquoted field`);
        end += 1;
      }
      field = text.slice(i, end);
      i = end;
    }
    row.push(field);
    const c = text.charCodeAt(i);
    if (c === COMMA) {
      i += 1;
      // A comma at the end of the text or of a line ends with an empty field.
      if (i === text.length) row.push("");
    } else if (c === CR || c === LF || Number.isNaN(c)) {
      rows.push(row);
      row = [];
      i += c === CR && text.charCodeAt(i + 1) === LF ? 2 : 1;
    } else {
      throw new Error(`${file}: unexpected text after a quoted field`);
    }
  }
  if (row.length > 0) rows.push(row);
  return rows;
}
