import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { CarbonError } from "../core/errors.js";

/**
 * The journal of an import against a server: which rows the server confirmed, so that after
 * Ctrl-C, kill -9 or a network loss `--resume` sends only what is missing.
 *
 * One file per import identity (`<dir>/<sha256>.journal`): the server's address, the company,
 * the file's absolute path, size and modification time, and the options that change what a row
 * becomes (`--decimal-comma`, `--delimiter`, `--encoding`, `--building`). A changed file is
 * another import.
 *
 * The file is append-only text: a JSON header line, then one confirmed consumption id per line,
 * appended with a plain write(2) as each batch is confirmed (the page cache survives a kill -9 of
 * the process; an fsync at most once a second and on close covers most of a machine crash). A
 * last line without its newline (a write cut short) is ignored, so a kill loses at most the rows
 * not confirmed yet, which a resumed import sends again (harmless: upserts by id).
 */

const VERSION = 1;
const FSYNC_INTERVAL_MS = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface JournalIdentity {
  /** The server's base address. */
  readonly apiUrl: string;
  /** `--company`, if given. */
  readonly companyId: string | undefined;
  /** The imported file (made absolute here). */
  readonly file: string;
  readonly decimalComma: boolean;
  /** `--delimiter` as given (undefined: detected). */
  readonly delimiter: string | undefined;
  /** `--encoding` as given (undefined: UTF-8 or the byte order mark's). */
  readonly encoding?: string | undefined;
  /** `--building` as given. */
  readonly building: string | undefined;
}

interface Header {
  readonly version: number;
  readonly key: string;
}

/** The identity's key, from its fields and the file's current size and modification time. */
export function journalKey(identity: JournalIdentity): string {
  const file = path.resolve(identity.file);
  const info = fs.statSync(file);
  const fields = [
    `v${VERSION}`,
    identity.apiUrl,
    identity.companyId ?? "",
    file,
    String(info.size),
    String(info.mtimeMs),
    identity.decimalComma ? "decimal-comma" : "decimal-point",
    identity.delimiter ?? "",
    identity.building ?? "",
    // Only when given: the keys of journals written before the flag existed stay the same.
    ...(identity.encoding === undefined ? [] : [`encoding:${identity.encoding}`]),
  ];
  return createHash("sha256").update(JSON.stringify(fields)).digest("hex");
}

function isMissing(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && error.code === "ENOENT";
}

function journalError(file: string, error: unknown): CarbonError {
  const reason = error instanceof Error ? error.message : String(error);
  return new CarbonError("internal", `cannot write the import journal ${file}: ${reason}`, {
    cause: error,
  });
}

export class ImportJournal {
  /** The journal file. */
  readonly file: string;
  readonly #key: string;
  #fd: number | undefined;
  #lastSync = 0;

  private constructor(file: string, key: string) {
    this.file = file;
    this.#key = key;
  }

  /** The journal of this identity in `dir` (nothing is created until the first `append`). */
  static for(dir: string, identity: JournalIdentity): ImportJournal {
    const key = journalKey(identity);
    return new ImportJournal(path.join(dir, `${key}.journal`), key);
  }

  /** True when an earlier import of the same identity left a journal. */
  exists(): boolean {
    return fs.existsSync(this.file);
  }

  /** The ids the journal records as confirmed (empty when there is none, or it is not ours). */
  confirmed(): Set<string> {
    const ids = new Set<string>();
    let text: string;
    try {
      text = fs.readFileSync(this.file, "utf8");
    } catch (error) {
      if (isMissing(error)) return ids;
      throw error;
    }
    const lines = text.split("\n");
    lines.pop(); // "" after the last newline, or a line cut short
    const [first, ...rest] = lines;
    if (first === undefined || !this.#isOurHeader(first)) return ids;
    for (const line of rest) {
      if (UUID.test(line)) ids.add(line);
    }
    return ids;
  }

  #isOurHeader(line: string): boolean {
    try {
      const header: unknown = JSON.parse(line);
      if (typeof header !== "object" || header === null) return false;
      return Reflect.get(header, "version") === VERSION && Reflect.get(header, "key") === this.#key;
    } catch {
      return false;
    }
  }

  /** Records confirmed ids (lower case UUIDs). */
  append(ids: readonly string[]): void {
    if (ids.length === 0) return;
    try {
      const fd = this.#open();
      fs.writeSync(fd, `${ids.map((id) => id.toLowerCase()).join("\n")}\n`);
      const now = Date.now();
      if (now - this.#lastSync >= FSYNC_INTERVAL_MS) {
        fs.fdatasyncSync(fd);
        this.#lastSync = now;
      }
    } catch (error) {
      throw journalError(this.file, error);
    }
  }

  #open(): number {
    if (this.#fd !== undefined) return this.#fd;
    fs.mkdirSync(path.dirname(this.file), { recursive: true, mode: 0o700 });
    const fd = fs.openSync(this.file, "a+", 0o600);
    this.#fd = fd;
    const size = fs.fstatSync(fd).size;
    const valid = size > 0 && this.#hasOurHeader(fd);
    if (!valid) {
      fs.ftruncateSync(fd, 0);
      const header: Header = { version: VERSION, key: this.#key };
      fs.writeSync(fd, `${JSON.stringify(header)}\n`);
    } else if (!this.#endsWithNewline(fd, size)) {
      fs.writeSync(fd, "\n"); // a line cut short by a kill stays a line of its own
    }
    return fd;
  }

  #hasOurHeader(fd: number): boolean {
    const buffer = Buffer.alloc(512);
    const read = fs.readSync(fd, buffer, 0, buffer.length, 0);
    const text = buffer.subarray(0, read).toString("utf8");
    const end = text.indexOf("\n");
    return end !== -1 && this.#isOurHeader(text.slice(0, end));
  }

  #endsWithNewline(fd: number, size: number): boolean {
    const buffer = Buffer.alloc(1);
    fs.readSync(fd, buffer, 0, 1, size - 1);
    return buffer[0] === 0x0a;
  }

  /** Flushes and closes the file (the journal stays for `--resume`). */
  close(): void {
    const fd = this.#fd;
    if (fd === undefined) return;
    this.#fd = undefined;
    try {
      fs.fdatasyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
  }

  /** The import finished: the journal is no longer needed. */
  remove(): void {
    this.close();
    fs.rmSync(this.file, { force: true });
  }
}
