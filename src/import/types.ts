import type { Worker } from "node:worker_threads";
import type { ScopeTotals } from "../core/ports/consumptions.js";

/** One problem with one row of an imported file. */
export interface RowError {
  /** 1-based line where the record starts in the file (the header is line 1). */
  readonly line: number;
  /**
   * The column as written in the file's header (`start_date` if the file says so), a flag
   * (`--company`, `--building`) when the value came from one, or "" when the problem is the
   * row as a whole (a wrong number of fields, malformed quoting).
   */
  readonly column: string;
  readonly message: string;
}

export interface ImportProgress {
  readonly rowsRead: number;
  readonly bytesRead: number;
  readonly totalBytes: number;
  /**
   * Imports against a server only: after the whole file was validated, the rows sent, the rows
   * the server confirmed, and how many there are to send in all.
   */
  readonly sending?: {
    readonly sent: number;
    readonly confirmed: number;
    readonly total: number;
  };
}

export interface ConsumptionImportOptions {
  readonly file: string;
  /** Default for rows without companyId. */
  readonly companyId?: string;
  /** Default for rows without building/buildingId: a UUID or a building name. */
  readonly buildingId?: string;
  /** Forced delimiter (`,` `;` `\t`/`tab`...); else detected from the header line. */
  readonly delimiter?: string;
  /** `--encoding` as typed (utf-8, windows-1252...); else UTF-8 or the byte order mark's. */
  readonly encoding?: string;
  /** "1.234,56" -> 1234.56 */
  readonly decimalComma: boolean;
  readonly dryRun: boolean;
  readonly skipInvalid: boolean;
  /** Stop reading after this many bad rows (the report says so); default unlimited. */
  readonly maxErrors?: number;
  readonly rejectsFile?: string;
  /** Unknown building names in the company are created (inside the same transaction). */
  readonly createBuildings: boolean;
  /**
   * A row overlapping a stored consumption (same company, building, category and entityId,
   * another period sharing a day: a corrected bill) replaces it: the stored one is removed in the
   * same write, audited. Without it such a row is rejected.
   */
  readonly replaceOverlapping?: boolean;
  /** Rows per session write; default 500. */
  readonly batchSize?: number;
  /** Ctrl-C: the session is aborted (nothing kept) and CarbonError("interrupted") is thrown. */
  readonly signal?: AbortSignal;
  /**
   * Parse and validate the file in a worker thread while this one writes (large files): the
   * same rows, reports and guarantees either way. Default: when the file is at least
   * PARSE_WORKER_MIN_BYTES.
   */
  readonly parseInWorker?: boolean;
  /**
   * A parse worker started before the import (startParseWorker), used if the import parses in a
   * worker; the caller disposes of it afterwards either way (a no-op once the import took it).
   */
  readonly parseWorker?: EarlyParseWorker;
  /** Called at most about 10 times a second, and once at the end. */
  readonly onProgress?: (progress: ImportProgress) => void;
  /**
   * Awaited after each batch is written, with the rows written so far (locally inside the
   * import's transaction, before the signal is checked): the import goes on when it settles.
   */
  readonly afterBatch?: (rowsWritten: number) => Promise<void>;
  /**
   * Against a server: where the journal of confirmed rows is kept, and the server's address
   * (part of the journal's identity). Without it nothing is journaled.
   */
  readonly journal?: { readonly dir: string; readonly apiUrl: string };
  /** Against a server: skip the rows the journal of an earlier, interrupted run confirms. */
  readonly resume?: boolean;
}

export interface ConsumptionImportReport {
  readonly file: string;
  /** Data rows read (blank lines and the header excluded), good and bad. */
  readonly rowsRead: number;
  /**
   * What the stored rows did. When nothing was committed (bad rows without skipInvalid, or an
   * early stop) these are 0; on a dry run they say what the valid rows would have done.
   */
  readonly inserted: number;
  readonly updated: number;
  readonly unchanged: number;
  /** Rows a server stored without saying whether it inserted or updated them. */
  readonly outcomeUnknown?: number;
  /** Rows with at least one problem. */
  readonly rejected: number;
  readonly awaitingFactor: number;
  /** kgCO2e (location-based) of the rows written, by scope; see `inserted`. */
  readonly co2eByScope: ScopeTotals;
  /**
   * True when `co2eByScope` and `awaitingFactor` are not known: a dry run against a server that
   * does not run one, planned by the client (emissions are calculated only by the server).
   */
  readonly emissionsUnknown?: boolean;
  /** Rows that overlap stored consumptions (rejected, unless --replace-overlapping). */
  readonly overlapping: number;
  /** Stored consumptions removed because rows overlapped them (--replace-overlapping). */
  readonly replaced: number;
  /** The first 1000 problems, in line order. */
  readonly errors: readonly RowError[];
  /** Every problem found (a row can have several). */
  readonly errorCount: number;
  /** Buildings created (or, on a dry run, that would be). */
  readonly buildingsCreated: readonly { readonly id: string; readonly name: string }[];
  readonly dryRun: boolean;
  /** True when the rows were stored. */
  readonly committed: boolean;
  /** Reading stopped before the end: maxErrors reached, or malformed CSV. */
  readonly stoppedEarly: boolean;
  /** `--resume` against a server: valid rows not sent because an earlier run stored them. */
  readonly resumedSkipped: number;
  /** A journal of an earlier, interrupted import of this file exists and --resume was not given. */
  readonly resumable: boolean;
  /**
   * `--resume` against a server that is not the one the journal recorded, or lacks journaled
   * rows: why every row was sent again instead of skipping any.
   */
  readonly resumeRefused?: string;
}

/** A parse worker started before the import (worker-outcomes.ts, ParseWorkerStart). */
export interface EarlyParseWorker {
  /** The worker and any fault so far, once; undefined after `take` or `dispose`. */
  take(): { readonly worker: Worker; readonly fault: Error | undefined } | undefined;
  /** Stops the worker unless an import took it (idempotent). */
  dispose(): Promise<void>;
}
