/**
 * The input of `carbon glec submit`: a JSON object (one entry), a JSON array of entries, NDJSON
 * (one entry per line) or a CSV (glec-csv.ts). Everything is validated and calculated before
 * anything is sent or stored; each problem names its line (NDJSON, CSV) or its entry index
 * (JSON) and its field.
 */
import { readFile } from "node:fs/promises";
import path from "node:path";
import { CarbonError, type FieldIssue, isCarbonError } from "../core/errors.js";
import { findNotUtf8, NOT_UTF8_MESSAGE } from "../core/json-bytes.js";
import { type GlecEntryParsed, glecEntryInputSchema } from "../core/model/glec.js";
import { zodProblems } from "../core/zod-issues.js";
import { calculateEntry } from "../engine/glec/calculate.js";
import type { GlecFactorTable } from "../engine/glec/factors.js";
import { CsvSyntaxError, type OpenCsvOptions, readCsvRecords } from "./csv-source.js";
import type { IssuePath, SourcedEntry } from "./glec-csv.js";
import { entriesFromRecords, glecCsvColumns } from "./glec-csv.js";
import { checkIsText, utf8Text } from "./text-encoding.js";

export type GlecFileFormat = "json" | "ndjson" | "csv";

export function detectFormat(file: string, text: string): GlecFileFormat {
  const extension = path.extname(file).toLowerCase();
  if (extension === ".csv") return "csv";
  if (extension === ".ndjson" || extension === ".jsonl") return "ndjson";
  if (extension === ".json") return "json";
  const start = text.trimStart();
  if (start.startsWith("[")) return "json";
  if (start.startsWith("{")) {
    try {
      JSON.parse(text);
      return "json";
    } catch {
      return "ndjson";
    }
  }
  return "csv";
}

function dotted(prefix: string, at: IssuePath): string {
  return [prefix, ...at.map(String)].filter((part) => part !== "").join(".");
}

/** The 1-based line where each element of a top-level JSON array starts. */
export function arrayElementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let expectElement = false;
  for (const char of text) {
    if (char === "\n") line += 1;
    if (inString) {
      if (escaped) escaped = false;
      else if (char === "\\") escaped = true;
      else if (char === '"') inString = false;
      continue;
    }
    if (/\s/.test(char)) continue;
    if (expectElement && char !== "]") {
      lines.push(line);
      expectElement = false;
    }
    if (char === '"') inString = true;
    else if (char === "[" || char === "{") {
      depth += 1;
      if (depth === 1 && char === "[") expectElement = true;
    } else if (char === "]" || char === "}") depth -= 1;
    else if (char === "," && depth === 1) expectElement = true;
  }
  return lines;
}

function fromJson(text: string): SourcedEntry[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new CarbonError("validation", `the file is not valid JSON: ${String(error)}`, {
      hint: "for one entry per line, name the file .ndjson",
    });
  }
  if (!Array.isArray(value)) return [{ input: value, locate: (at) => ({ path: dotted("", at) }) }];
  const lines = arrayElementLines(text);
  return value.map((input: unknown, index) => ({
    input,
    locate: (at) => {
      const path = dotted(`[${index}]`, at);
      const line = lines[index];
      return line === undefined ? { path } : { path, line };
    },
  }));
}

function fromNdjson(text: string): { entries: SourcedEntry[]; issues: FieldIssue[] } {
  const entries: SourcedEntry[] = [];
  const issues: FieldIssue[] = [];
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "") return;
    try {
      const input: unknown = JSON.parse(raw);
      entries.push({ input, locate: (at) => ({ path: dotted("", at), line }) });
    } catch (error) {
      issues.push({ path: "", line, message: `not valid JSON: ${String(error)}` });
    }
  });
  return { entries, issues };
}

/** The entries of a JSON or NDJSON file's text, or the problems that stop it being read. */
export function readEntries(
  format: "json" | "ndjson",
  text: string,
): { readonly entries: SourcedEntry[]; readonly issues: FieldIssue[] } {
  return format === "json" ? { entries: fromJson(text), issues: [] } : fromNdjson(text);
}

/** The entries of a CSV file, read as every CSV is (csv-source.ts); broken quoting is an issue. */
async function readCsvEntries(
  file: string,
  csv: OpenCsvOptions,
): Promise<{ readonly entries: SourcedEntry[]; readonly issues: FieldIssue[] }> {
  try {
    const records = await readCsvRecords(file, { ...csv, header: glecCsvColumns.join(",") });
    return entriesFromRecords(records);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    return { entries: [], issues: [{ path: "", line: error.line, message: error.message }] };
  }
}

function issueAt(entry: SourcedEntry, at: IssuePath, message: string): FieldIssue {
  const where = entry.locate(at);
  return where.line === undefined
    ? { path: where.path, message }
    : { path: where.path, line: where.line, message };
}

function pathOf(text: string): IssuePath {
  return text === ""
    ? []
    : text.split(".").map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** Every entry checked (schema, codes, calculation, ids unique in the file); all problems at once. */
export function validateEntries(
  entries: readonly SourcedEntry[],
  factors: GlecFactorTable,
): { readonly parsed: GlecEntryParsed[]; readonly issues: FieldIssue[] } {
  const parsed: GlecEntryParsed[] = [];
  const issues: FieldIssue[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    const result = glecEntryInputSchema.safeParse(entry.input);
    if (!result.success) {
      for (const problem of zodProblems(result.error)) {
        issues.push(issueAt(entry, problem.at, problem.message));
      }
      continue;
    }
    const id = result.data.id.toLowerCase();
    if (seen.has(id)) {
      issues.push(issueAt(entry, ["id"], `entry ${id} appears twice in the file`));
      continue;
    }
    seen.add(id);
    try {
      calculateEntry(result.data, factors);
      parsed.push(result.data);
    } catch (error) {
      if (!isCarbonError(error)) throw error;
      for (const issue of error.issues)
        issues.push(issueAt(entry, pathOf(issue.path), issue.message));
    }
  }
  return { parsed, issues };
}

/** Where JSON or NDJSON holds bytes that are not UTF-8: the line and the entry's field. */
function notUtf8Issues(format: "json" | "ndjson", bytes: Buffer): FieldIssue[] {
  if (format === "json") {
    const where = findNotUtf8(bytes);
    if (where === undefined) return [];
    const [first, ...rest] = where.path ?? [];
    const path =
      typeof first === "number" ? dotted(`[${first}]`, rest) : dotted("", where.path ?? []);
    return [{ path, line: where.line, message: NOT_UTF8_MESSAGE }];
  }
  const issues: FieldIssue[] = [];
  let start = 0;
  for (let line = 1; start <= bytes.length; line += 1) {
    const end = bytes.indexOf(0x0a, start);
    const where = findNotUtf8(bytes.subarray(start, end === -1 ? bytes.length : end));
    if (where !== undefined) {
      issues.push({ path: dotted("", where.path ?? []), line, message: NOT_UTF8_MESSAGE });
    }
    if (end === -1) break;
    start = end + 1;
  }
  return issues;
}

/** A JSON or NDJSON file that is not UTF-8 is refused with the fields holding the bad bytes. */
function checkJsonUtf8(file: string, format: "json" | "ndjson", bytes: Buffer): void {
  checkIsText(file, bytes, "utf-8");
  const issues = notUtf8Issues(format, bytes);
  if (issues.length === 0) return;
  throw new CarbonError("validation", `${file} is not UTF-8 text: nothing was submitted`, {
    issues,
    hint: "save the file as UTF-8",
  });
}

/**
 * Reads and validates a whole file; any problem is a validation error listing them all. `csv`
 * (delimiter, encoding) applies to a CSV file only.
 */
export async function loadGlecFile(
  file: string,
  factors: GlecFactorTable,
  csv: OpenCsvOptions = {},
): Promise<GlecEntryParsed[]> {
  let bytes: Buffer;
  try {
    bytes = await readFile(file);
  } catch (error) {
    throw new CarbonError("usage", `cannot read ${file}: ${String(error)}`, { cause: error });
  }
  const format = detectFormat(file, bytes.toString("utf8"));
  let read: { readonly entries: SourcedEntry[]; readonly issues: FieldIssue[] };
  if (format === "csv") read = await readCsvEntries(file, csv);
  else {
    checkJsonUtf8(file, format, bytes);
    read = readEntries(format, utf8Text(file, bytes));
  }
  const checked = validateEntries(read.entries, factors);
  const issues = [...read.issues, ...checked.issues];
  if (issues.length > 0) {
    throw new CarbonError(
      "validation",
      `${issues.length} problem${issues.length === 1 ? "" : "s"} in ${file}: nothing was submitted`,
      { issues },
    );
  }
  if (checked.parsed.length === 0) {
    throw new CarbonError("validation", `${file} holds no GLEC entry: nothing was submitted`);
  }
  return checked.parsed;
}
