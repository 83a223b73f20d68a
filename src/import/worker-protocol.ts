import type { ColumnMap } from "./columns.js";
import type { EncodedChunk } from "./outcome-codec.js";
import type { BuildingRef, ReferenceSnapshot } from "./references.js";
import type { CsvEncoding } from "./text-encoding.js";

/** Messages between the import (main thread) and its parse worker (parse-worker.ts). */

/** How many chunks the worker may post before the main thread has taken the oldest. */
export const CHUNKS_IN_FLIGHT = 4;

export interface ParseWorkerSetup {
  readonly file: string;
  readonly delimiter: string;
  /** `CsvSource.encoding` of the main thread's look at the file. */
  readonly encoding: CsvEncoding;
  /** `CsvSource.plain` of the main thread's look at the file. */
  readonly plain: boolean;
  /** About how many rows the file holds: the duplicate-id set is sized for them up front. */
  readonly expectedRows: number;
  /** RowContext.checkDerivedIds: false when the main thread checks derived ids itself. */
  readonly checkDerivedIds: boolean;
  readonly references: ReferenceSnapshot;
  readonly columns: ColumnMap["columns"];
  readonly headerLength: number;
  readonly decimalComma: boolean;
  readonly defaultCompanyId: string | undefined;
  readonly defaultBuilding: string | undefined;
  readonly createBuildings: boolean;
  /** Keep every row's cells (a rejects file may need those of rows the session refuses). */
  readonly keepCells: boolean;
}

export interface SerializedError {
  readonly code: string | undefined;
  readonly message: string;
  readonly hint: string | undefined;
}

export type FromWorker =
  | { readonly type: "chunk"; readonly chunk: EncodedChunk }
  | { readonly type: "company"; readonly companyId: string }
  | { readonly type: "syntax"; readonly line: number; readonly message: string }
  | { readonly type: "error"; readonly error: SerializedError }
  | { readonly type: "end" };

export type ToWorker =
  | { readonly type: "setup"; readonly setup: ParseWorkerSetup }
  | { readonly type: "credit" }
  | {
      readonly type: "company";
      readonly companyId: string;
      readonly buildings: readonly BuildingRef[] | null;
    }
  | {
      readonly type: "company-failed";
      readonly companyId: string;
      readonly error: SerializedError;
    };

/** An error that crossed between threads: its code and hint survive. */
export class ThreadError extends Error {
  readonly code: string | undefined;
  readonly hint: string | undefined;

  constructor(error: SerializedError) {
    super(error.message);
    this.name = "ThreadError";
    this.code = error.code;
    this.hint = error.hint;
  }
}

export function serializeError(error: unknown): SerializedError {
  if (error instanceof Error) {
    const code = "code" in error && typeof error.code === "string" ? error.code : undefined;
    const hint = "hint" in error && typeof error.hint === "string" ? error.hint : undefined;
    return { code, message: error.message, hint };
  }
  return { code: undefined, message: String(error), hint: undefined };
}
