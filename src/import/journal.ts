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
 * The header also records the instance id the server announced (carbon serve does), so that
 * `--resume` can tell whether the server is still the one that confirmed the rows.
 *
 * The file is append-only text: a JSON header line, then one confirmed consumption id per line
 * (a removed one, of `--replace-overlapping`, after a `-`),
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
  /** The server's instance id when the journal was started; absent when it announced none. */
  readonly instanceId?: string;
}

/** What a journal recorded: the server's instance id, and the confirmed ids in journal order. */
export interface JournalContents {
  readonly instanceId: string | undefined;
  /** Consumptions the server confirmed it stored. */
  readonly ids: readonly string[];
  /** Consumptions the server confirmed it removed (`--replace-overlapping`). */
  readonly removed: readonly string[];
}

/** A removal's line: its id after this mark, so that a stored row and a removed one never mix. */
const REMOVED_MARK = "-";

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
  /** Written into the header of a journal this run starts. */
  #instanceId: string | undefined;
  /** Start afresh at the first append, even over a journal of the same identity. */
  #fresh = false;

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

  /** The ids the journal records as done, stored or removed (empty when none, or not ours). */
  confirmed(): Set<string> {
    const { ids, removed } = this.read();
    return new Set([...ids, ...removed]);
  }

  /** The journal's contents (nothing when there is none, or it is not ours). */
  read(): JournalContents {
    const none: JournalContents = { instanceId: undefined, ids: [], removed: [] };
    let text: string;
    try {
      text = fs.readFileSync(this.file, "utf8");
    } catch (error) {
      if (isMissing(error)) return none;
      throw error;
    }
    const lines = text.split("\n");
    lines.pop(); // "" after the last newline, or a line cut short
    const [first, ...rest] = lines;
    const header = first === undefined ? undefined : this.#ourHeader(first);
    if (header === undefined) return none;
    const ids: string[] = [];
    const removed: string[] = [];
    for (const line of rest) {
      if (UUID.test(line)) ids.push(line);
      else if (line.startsWith(REMOVED_MARK) && UUID.test(line.slice(REMOVED_MARK.length))) {
        removed.push(line.slice(REMOVED_MARK.length));
      }
    }
    return { instanceId: header.instanceId, ids, removed };
  }

  /**
   * How this run journals: `instanceId` is the server's (undefined: it announced none), and a
   * `fresh` run replaces what an earlier run left at its first append (a resumed run appends).
   */
  begin(instanceId: string | undefined, fresh: boolean): void {
    this.#instanceId = instanceId;
    this.#fresh = fresh;
  }

  #ourHeader(line: string): Header | undefined {
    try {
      const header: unknown = JSON.parse(line);
      if (typeof header !== "object" || header === null) return undefined;
      if (Reflect.get(header, "version") !== VERSION) return undefined;
      if (Reflect.get(header, "key") !== this.#key) return undefined;
      const instanceId: unknown = Reflect.get(header, "instanceId");
      return {
        version: VERSION,
        key: this.#key,
        ...(typeof instanceId === "string" ? { instanceId } : {}),
      };
    } catch {
      return undefined;
    }
  }

  /** Records ids the server confirmed it stored (lower case UUIDs). */
  append(ids: readonly string[]): void {
    this.#write(ids, "");
  }

  /** Records ids the server confirmed it removed. */
  appendRemoved(ids: readonly string[]): void {
    this.#write(ids, REMOVED_MARK);
  }

  #write(ids: readonly string[], mark: string): void {
    if (ids.length === 0) return;
    try {
      const fd = this.#open();
      fs.writeSync(fd, `${ids.map((id) => `${mark}${id.toLowerCase()}`).join("\n")}\n`);
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
    const valid = !this.#fresh && size > 0 && this.#hasOurHeader(fd);
    if (!valid) {
      fs.ftruncateSync(fd, 0);
      const instance = this.#instanceId === undefined ? {} : { instanceId: this.#instanceId };
      const header: Header = { version: VERSION, key: this.#key, ...instance };
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
    return end !== -1 && this.#ourHeader(text.slice(0, end)) !== undefined;
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
