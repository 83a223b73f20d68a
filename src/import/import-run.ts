import { CarbonError, type FieldIssue, isCarbonError } from "../core/errors.js";
import { addImportCounts, storedCounts, zeroImportCounts } from "../core/import-counts.js";
import type { BuildingInput } from "../core/model/building.js";
import type { ConsumptionInput } from "../core/model/consumption.js";
import type { ImportCounts, ImportSession } from "../core/ports/consumptions.js";
import type { CarbonService } from "../core/service.js";
import type { ColumnMap } from "./columns.js";
import { CsvSyntaxError } from "./csv-source.js";
import { OverlapCheck, overlapError } from "./overlap-check.js";
import type { RejectsWriter } from "./rejects-writer.js";
import { conflictAtLines, rowErrorsByIndex } from "./row-issues.js";
import { isValid, type OutcomeSource, type RowOutcome } from "./row-outcomes.js";
import type { ConsumptionImportOptions, ConsumptionImportReport, RowError } from "./types.js";

/** One pass over the validated rows of an import: batch, write, reject, report. */

const MAX_REPORTED_ERRORS = 1000;
const PROGRESS_INTERVAL_MS = 100;

interface Entry {
  readonly input: ConsumptionInput;
  readonly line: number;
  readonly cells: readonly string[];
}

export interface ImportRunSetup {
  readonly service: CarbonService;
  readonly options: ConsumptionImportOptions;
  readonly totalBytes: number;
  readonly rejects: RejectsWriter | undefined;
  readonly batchSize: number;
  /** `--batch-size` was given: it wins over the rows a session writes best. */
  readonly batchSizeGiven?: boolean;
  readonly maxErrors: number | undefined;
  readonly columns: ColumnMap["columns"];
}

function interrupted(): CarbonError {
  return new CarbonError("interrupted", "import interrupted; nothing was stored");
}

export class ImportRun {
  readonly #setup: ImportRunSetup;
  readonly #counts: ImportCounts = zeroImportCounts();
  #session: ImportSession | undefined;
  /** Rows overlapping stored consumptions (none looked for when the session cannot find any). */
  #overlaps: OverlapCheck<Entry> | undefined;
  /** Stored consumptions --replace-overlapping removed. */
  #replaced = 0;
  #overlapping = 0;
  #batch: Entry[] = [];
  /** Buildings planned by the rows queued so far, not created yet. */
  #pending: BuildingInput[] = [];
  #outcomes: OutcomeSource | undefined;
  #writing = true;
  #rowsRead = 0;
  #rejected = 0;
  #errorCount = 0;
  #errors: RowError[] = [];
  #stoppedEarly = false;
  #buildingsCreated: { readonly id: string; readonly name: string }[] = [];
  #lastProgress = 0;

  constructor(setup: ImportRunSetup) {
    this.#setup = setup;
    this.#batchSize = setup.batchSize;
  }

  /** Rows a write takes: the setup's, or the session's own (`ImportSession.batchRows`). */
  #batchSize: number;

  /** Reads every validated row; writes; reports. */
  async execute(outcomes: OutcomeSource): Promise<ConsumptionImportReport> {
    const { options, service } = this.#setup;
    this.#outcomes = outcomes;
    const session = await service.consumptions.openImport({
      dryRun: options.dryRun,
      uniqueIds: true,
    });
    this.#session = session;
    // The rows a batch of this session's writes holds best, unless the user chose a size.
    if (this.#setup.batchSizeGiven !== true && session.batchRows !== undefined) {
      this.#batchSize = session.batchRows;
    }
    if (session.detectsOverlaps) this.#overlaps = new OverlapCheck(session);
    let open = true;
    try {
      await this.#readAll(outcomes.chunks);
      if (this.#batch.length > 0) await this.#flush();
      await this.#settleOverlaps(session);
      this.#checkSignal();
      // The rejects file first: if it cannot be written, nothing is committed either.
      await this.#setup.rejects?.finish();
      let committed = false;
      if (options.dryRun) {
        await session.commit(); // a dry-run session rolls back on commit
      } else if (this.#stoppedEarly || (this.#rejected > 0 && !options.skipInvalid)) {
        await session.abort();
      } else {
        await session.commit();
        committed = true;
      }
      open = false;
      this.#progress(true);
      return this.#report(committed);
    } catch (error) {
      if (open) await session.abort().catch(() => undefined);
      await this.#setup.rejects?.discard();
      if (
        options.signal?.aborted === true &&
        !(isCarbonError(error) && error.code === "interrupted")
      ) {
        throw interrupted();
      }
      throw error;
    }
  }

  #checkSignal(): void {
    if (this.#setup.options.signal?.aborted === true) throw interrupted();
  }

  async #readAll(chunks: AsyncGenerator<readonly RowOutcome[], void, undefined>): Promise<void> {
    for (;;) {
      let next: IteratorResult<readonly RowOutcome[], void>;
      try {
        next = await chunks.next();
      } catch (error) {
        if (!(error instanceof CsvSyntaxError)) throw error;
        this.#rowsRead += 1;
        const problem = { line: error.line, column: "", message: error.message };
        await this.#reject(error.line, [], [problem]);
        this.#stoppedEarly = true;
        return;
      }
      if (next.done === true) return;
      if (!(await this.#readChunk(next.value))) return;
    }
  }

  /** Queues valid rows and rejects the others; false once reading must stop (maxErrors). */
  async #readChunk(outcomes: readonly RowOutcome[]): Promise<boolean> {
    const { maxErrors } = this.#setup;
    const batchSize = this.#batchSize;
    for (const outcome of outcomes) {
      this.#checkSignal();
      this.#rowsRead += 1;
      if (isValid(outcome)) {
        if (outcome.plan !== undefined) this.#pending.push(outcome.plan);
        // Rows are queued after writing stopped too while overlaps are looked for: they report.
        if (this.#writing || this.#overlaps !== undefined) {
          this.#batch.push({ input: outcome.input, line: outcome.line, cells: outcome.cells });
          if (this.#batch.length >= batchSize) await this.#flush();
        }
      } else {
        await this.#reject(outcome.line, outcome.cells, outcome.errors);
        if (maxErrors !== undefined && this.#rejected >= maxErrors) {
          this.#stoppedEarly = true;
          return false;
        }
      }
    }
    this.#progress(false);
    return true;
  }

  async #reject(
    line: number,
    cells: readonly string[],
    errors: readonly RowError[],
  ): Promise<void> {
    this.#rejected += 1;
    this.#errorCount += errors.length;
    this.#errors.push(...errors);
    if (this.#errors.length >= 2 * MAX_REPORTED_ERRORS) this.#trimErrors();
    const { options, rejects } = this.#setup;
    if (!options.skipInvalid && !options.dryRun) {
      this.#writing = false;
      if (this.#overlaps === undefined) this.#batch = [];
    }
    await rejects?.write(line, cells, errors);
  }

  #trimErrors(): void {
    this.#errors.sort((a, b) => a.line - b.line);
    this.#errors.length = Math.min(this.#errors.length, MAX_REPORTED_ERRORS);
  }

  /**
   * After the last row: held rows whose overlaps the file itself carries are written after all;
   * the others are row problems, or with --replace-overlapping are written and the stored
   * records they overlap removed, all in this session.
   */
  async #settleOverlaps(session: ImportSession): Promise<void> {
    if (this.#overlaps === undefined) return;
    const { options, columns } = this.#setup;
    const { clear, overlapping, replaced } = await this.#overlaps.settle();
    this.#overlapping = overlapping.length;
    const replace = options.replaceOverlapping === true;
    if (!replace) {
      for (const held of overlapping) {
        await this.#reject(held.row.line, held.row.cells, [overlapError(held, columns)]);
      }
    }
    const late: Entry[] = replace ? [...clear, ...overlapping.map((held) => held.row)] : [...clear];
    if (!this.#writing) return;
    if (late.length > 0) {
      this.#batch = late;
      await this.#flush(false);
    }
    if (replace && replaced.length > 0 && this.#writing) {
      this.#replaced = await session.remove(replaced);
    }
  }

  /** Writes the queued rows; with `check`, rows overlapping stored records wait for the end. */
  async #flush(check = true): Promise<void> {
    const session = this.#session;
    if (session === undefined) return;
    let entries = this.#batch;
    this.#batch = [];
    if (check && this.#overlaps !== undefined) entries = await this.#overlaps.hold(entries);
    if (!this.#writing) return;
    const buildings = this.#pending;
    this.#pending = [];
    if (buildings.length > 0) {
      await session.createBuildings(buildings);
      for (const b of buildings) this.#buildingsCreated.push({ id: b.id, name: b.name });
    }
    let counts: ImportCounts;
    try {
      counts = await session.write(entries.map((entry) => entry.input));
    } catch (error) {
      if (isCarbonError(error) && error.code === "conflict") {
        const rows = [...this.#issuesByRow(error.issues, entries).values()].flat();
        throw conflictAtLines(error, rows, "nothing was stored");
      }
      if (!isCarbonError(error) || error.code !== "validation") throw error;
      const byIndex = this.#issuesByRow(error.issues, entries);
      if (byIndex.size === 0) throw error;
      for (const [index, errors] of [...byIndex].sort((a, b) => a[0] - b[0])) {
        const entry = entries[index];
        if (entry !== undefined) await this.#reject(entry.line, entry.cells, errors);
      }
      const rest = entries.filter((_, index) => !byIndex.has(index));
      if (!this.#writing || rest.length === 0) return;
      counts = await session.write(rest.map((entry) => entry.input));
    }
    addImportCounts(this.#counts, counts);
    const { afterBatch } = this.#setup.options;
    if (afterBatch !== undefined) {
      const { inserted, updated, unchanged, outcomeUnknown = 0 } = this.#counts;
      await afterBatch(inserted + updated + unchanged + outcomeUnknown);
    }
    // Let the event loop turn: when rows are always ready (the parse worker ahead of the
    // writes), awaiting them never leaves the microtask queue, and Ctrl-C would wait for the end.
    await new Promise<void>((resolve) => setImmediate(resolve));
    this.#checkSignal();
    this.#progress(false);
  }

  /** Maps a session's `rows.<i>.<field>` issues back to file lines and columns. */
  #issuesByRow(issues: readonly FieldIssue[], entries: readonly Entry[]): Map<number, RowError[]> {
    return rowErrorsByIndex(issues, (index) => entries[index]?.line, this.#setup.columns);
  }

  #progress(final: boolean): void {
    const { onProgress } = this.#setup.options;
    if (onProgress === undefined) return;
    const now = Date.now();
    if (!final && now - this.#lastProgress < PROGRESS_INTERVAL_MS) return;
    this.#lastProgress = now;
    const { totalBytes } = this.#setup;
    onProgress({
      rowsRead: this.#rowsRead,
      bytesRead: final && !this.#stoppedEarly ? totalBytes : (this.#outcomes?.bytesRead() ?? 0),
      totalBytes,
    });
  }

  #report(committed: boolean): ConsumptionImportReport {
    const { options } = this.#setup;
    const stored = committed || options.dryRun;
    this.#trimErrors();
    return {
      file: options.file,
      rowsRead: this.#rowsRead,
      ...storedCounts(stored ? this.#counts : undefined),
      rejected: this.#rejected,
      overlapping: this.#overlapping,
      replaced: stored ? this.#replaced : 0,
      errors: this.#errors,
      errorCount: this.#errorCount,
      buildingsCreated: stored ? this.#buildingsCreated : [],
      dryRun: options.dryRun,
      committed,
      stoppedEarly: this.#stoppedEarly,
      resumedSkipped: 0,
      resumable: false,
    };
  }
}
