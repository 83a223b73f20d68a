/**
 * Numbers as they appear in spreadsheets exported to CSV.
 *
 * Without `--decimal-comma` only plain numbers are accepted: `1234.5`, `-3`, `.5`, `1e3`. A comma
 * is never guessed to be a thousands separator (`1,234` could mean 1.234 or 1234), so `12,5` is
 * an error whose message suggests the flag.
 *
 * With `--decimal-comma` the comma is the decimal mark and dots may group thousands by threes:
 * `1.234,56`, `1234,56`, `1.234` (= 1234), `12`. A dot that does not group thousands (`12.5`) is an
 * error: the file mixes conventions and guessing would silently scale a value by 1000.
 */

export type ParsedNumber =
  | { readonly ok: true; readonly value: number }
  | { readonly ok: false; readonly message: string };

const plainPattern = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const commaPattern = /^[+-]?(?:\d{1,3}(?:\.\d{3})+|\d+)(?:,\d+)?$/;

function fail(message: string): ParsedNumber {
  return { ok: false, message };
}

/** Parses one cell as a decimal number; never rounds. Empty cells are an error. */
export function parseDecimal(text: string, decimalComma: boolean): ParsedNumber {
  const value = text.trim();
  if (value === "") return fail("expected a number, got an empty cell");
  let normalized: string;
  if (decimalComma) {
    if (!commaPattern.test(value)) {
      return fail(`expected a number with a decimal comma such as 1.234,56, got "${text}"`);
    }
    normalized = value.replaceAll(".", "").replace(",", ".");
  } else {
    if (!plainPattern.test(value)) {
      const hint = value.includes(",") ? " (use --decimal-comma for decimal commas)" : "";
      return fail(`expected a number, got "${text}"${hint}`);
    }
    normalized = value;
  }
  const number = Number(normalized);
  if (!Number.isFinite(number)) return fail(`expected a finite number, got "${text}"`);
  // `-0` becomes 0: the same quantity, and it compares equal on re-import.
  return { ok: true, value: number === 0 ? 0 : number };
}
