import { stat } from "node:fs/promises";
import { CarbonError } from "../core/errors.js";
import { storedCounts } from "../core/import-counts.js";
import type { BuildingInput } from "../core/model/building.js";
import type { Consumption } from "../core/model/consumption.js";
import type { ImportSession } from "../core/ports/consumptions.js";
import type { CarbonService } from "../core/service.js";
import type { ColumnMap } from "./columns.js";
import { type CsvRecord, CsvSyntaxError, openCsvSource } from "./csv-source.js";
import { FingerprintSet } from "./fingerprint-set.js";
import { ImportJournal } from "./journal.js";
import { OverlapCheck, overlapError } from "./overlap-check.js";
import type { References } from "./references.js";
import type { RejectsWriter } from "./rejects-writer.js";
import { planResume, type ResumePlan } from "./resume-check.js";
import { isValid, type RowOutcome, type ValidRow, validateInline } from "./row-outcomes.js";
import type { RowContext } from "./row-validator.js";
import { type SendResult, sendValidRows } from "./send-pass.js";
import type { CsvEncoding } from "./text-encoding.js";
import type { ConsumptionImportOptions, ConsumptionImportReport, RowError } from "./types.js";

/**
 * An import against a server, in two passes. Rows a server confirmed stay stored (there is no
 * transaction to roll back), so pass 1 validates the whole file and writes the rejects file,
 * sending nothing; when a row is bad (without --skip-invalid) or reading stopped early, the
 * import ends there with nothing sent. Pass 2 reads the file again and sends its valid rows
 * (send-pass.ts), the buildings of --create-buildings first, recording confirmed rows in the
 * journal so that `--resume` sends only what is missing, once the server has shown it still has
 * them (resume-check.ts). Rows overlapping stored consumptions are found in pass 1 (from the
 * server's listing, overlap-check.ts): they are rejected, or with --replace-overlapping the
 * stored ones are removed after the rows were sent.
 */

const MAX_REPORTED_ERRORS = 1000;
const PROGRESS_INTERVAL_MS = 100;

export interface TwoPassSetup {
  readonly service: CarbonService;
  readonly options: ConsumptionImportOptions;
  readonly batchSize: number;
  readonly maxErrors: number | undefined;
  readonly columns: ColumnMap["columns"];
  readonly headerLength: number;
  readonly refs: References;
  readonly rejects: RejectsWriter | undefined;
  /** The delimiter in use (given or detected). */
  readonly delimiter: string;
  /** The encoding in use (given, or the byte order mark's, or UTF-8). */
  readonly encoding: CsvEncoding;
  /** `CsvSource.plain` of the first look at the file. */
  readonly plain: boolean;
  readonly totalBytes: number;
  readonly companyId: string | undefined;
  readonly building: string | undefined;
  /** The already opened source, past its header. */
  readonly first: {
    readonly rows: readonly CsvRecord[];
    readonly batches: AsyncGenerator<readonly CsvRecord[], void, undefined>;
    readonly bytesRead: () => number;
  };
}

/** What pass 1 found. */
interface Validation {
  rowsRead: number;
  valid: number;
  rejected: number;
  errorCount: number;
  errors: RowError[];
  /** Lines of the rejected rows: pass 2 skips exactly these. */
  rejectedLines: Set<number>;
  plans: BuildingInput[];
  stoppedEarly: boolean;
  /** Rows overlapping stored consumptions. */
  overlapping: number;
  /** Stored consumptions --replace-overlapping removes once the rows are stored. */
  replace: readonly Consumption[];
}

function trimErrors(errors: RowError[]): void {
  errors.sort((a, b) => a.line - b.line);
  errors.length = Math.min(errors.length, MAX_REPORTED_ERRORS);
}

function rowContext(setup: TwoPassSetup): RowContext {
  const { options } = setup;
  return {
    columns: setup.columns,
    headerLength: setup.headerLength,
    refs: setup.refs,
    ids: new FingerprintSet(),
    checkDerivedIds: true,
    decimalComma: options.decimalComma,
    defaultCompanyId: setup.companyId,
    defaultBuilding: setup.building,
    createBuildings: options.createBuildings,
  };
}

function throttled(setup: TwoPassSetup): (final: boolean, rowsRead: number, bytes: number) => void {
  let last = 0;
  return (final, rowsRead, bytesRead) => {
    const now = Date.now();
    if (!final && now - last < PROGRESS_INTERVAL_MS) return;
    last = now;
    setup.options.onProgress?.({ rowsRead, bytesRead, totalBytes: setup.totalBytes });
  };
}

/** Pass 1: every row validated, overlaps found, rejects written, nothing sent. */
async function validateAll(setup: TwoPassSetup, session: ImportSession): Promise<Validation> {
  const { options, maxErrors, rejects, first } = setup;
  const overlaps = session.detectsOverlaps ? new OverlapCheck<ValidRow>(session) : undefined;
  let batch: ValidRow[] = [];
  const found: Validation = {
    rowsRead: 0,
    valid: 0,
    rejected: 0,
    errorCount: 0,
    errors: [],
    rejectedLines: new Set(),
    plans: [],
    stoppedEarly: false,
    overlapping: 0,
    replace: [],
  };
  const reject = async (line: number, cells: readonly string[], errors: readonly RowError[]) => {
    found.rejected += 1;
    found.errorCount += errors.length;
    found.errors.push(...errors);
    found.rejectedLines.add(line);
    if (found.errors.length >= 2 * MAX_REPORTED_ERRORS) trimErrors(found.errors);
    await rejects?.write(line, cells, errors);
  };
  const progress = throttled(setup);
  const chunks = validateInline(
    first.rows,
    first.batches,
    rowContext(setup),
    rejects !== undefined,
  );
  for (;;) {
    let next: IteratorResult<readonly RowOutcome[], void>;
    try {
      next = await chunks.next();
    } catch (error) {
      if (!(error instanceof CsvSyntaxError)) throw error;
      found.rowsRead += 1;
      await reject(error.line, [], [{ line: error.line, column: "", message: error.message }]);
      found.stoppedEarly = true;
      break;
    }
    if (next.done === true) break;
    for (const outcome of next.value) {
      if (options.signal?.aborted === true) {
        throw new CarbonError("interrupted", "import interrupted; nothing was sent");
      }
      found.rowsRead += 1;
      if (isValid(outcome)) {
        found.valid += 1;
        if (outcome.plan !== undefined) found.plans.push(outcome.plan);
        if (overlaps !== undefined) {
          batch.push(outcome);
          if (batch.length >= setup.batchSize) {
            await overlaps.hold(batch);
            batch = [];
          }
        }
        continue;
      }
      await reject(outcome.line, outcome.cells, outcome.errors);
      if (maxErrors !== undefined && found.rejected >= maxErrors) {
        found.stoppedEarly = true;
        break;
      }
    }
    if (found.stoppedEarly) break;
    progress(false, found.rowsRead, first.bytesRead());
  }
  await chunks.return(undefined);
  if (overlaps !== undefined) {
    await overlaps.hold(batch);
    const { overlapping, replaced } = await overlaps.settle();
    found.overlapping = overlapping.length;
    if (options.replaceOverlapping === true) found.replace = replaced;
    else {
      for (const held of overlapping) {
        found.valid -= 1;
        await reject(held.row.line, held.row.cells, [overlapError(held, setup.columns)]);
      }
    }
  }
  trimErrors(found.errors);
  return found;
}

/** Pass 2's rows: the same file read again, the rows pass 1 rejected left out. */
async function* validRows(
  setup: TwoPassSetup,
  found: Validation,
): AsyncGenerator<readonly RowOutcome[], void, undefined> {
  const source = await openCsvSource(setup.options.file, {
    delimiter: setup.delimiter,
    encoding: setup.encoding,
    plain: setup.plain,
  });
  try {
    const batches = source.batches();
    const head = await batches.next();
    const rows = head.done === true ? [] : head.value.slice(1);
    for await (const chunk of validateInline(rows, batches, rowContext(setup), false)) {
      const kept: RowOutcome[] = [];
      for (const outcome of chunk) {
        if (found.rejectedLines.has(outcome.line)) continue;
        if (!isValid(outcome)) throw changedFile(setup.options.file);
        kept.push(outcome);
      }
      yield kept;
    }
  } finally {
    source.close();
  }
}

function changedFile(file: string): CarbonError {
  return new CarbonError("conflict", `${file} changed while it was being imported`, {
    hint: "import it again once it is no longer being written",
  });
}

async function fileStamp(file: string): Promise<string> {
  const info = await stat(file);
  return `${info.size}:${info.mtimeMs}`;
}

export async function importTwoPass(setup: TwoPassSetup): Promise<ConsumptionImportReport> {
  const { options, rejects } = setup;
  const stamp = await fileStamp(options.file);
  const journal =
    options.journal === undefined || options.dryRun
      ? undefined
      : ImportJournal.for(options.journal.dir, {
          apiUrl: options.journal.apiUrl,
          companyId: setup.companyId,
          file: options.file,
          decimalComma: options.decimalComma,
          delimiter: options.delimiter,
          encoding: options.encoding,
          building: setup.building,
        });
  const resumable = options.resume !== true && journal?.exists() === true;
  const session = await setup.service.consumptions.openImport({ dryRun: options.dryRun });
  let found: Validation;
  try {
    found = await validateAll(setup, session);
    // The rejects file first: if it cannot be written, nothing is sent either.
    await rejects?.finish();
  } catch (error) {
    await session.abort().catch(() => undefined);
    await rejects?.discard();
    throw error;
  }
  const send =
    !found.stoppedEarly && (found.rejected === 0 || options.skipInvalid || options.dryRun);
  let sent: SendResult | undefined;
  let plan: ResumePlan = { skip: new Set(), refused: undefined };
  if (send) {
    if ((await fileStamp(options.file)) !== stamp) {
      await session.abort();
      throw changedFile(options.file);
    }
    if (journal !== undefined && options.journal !== undefined) {
      const instanceId = await setup.service.serverInstanceId();
      if (options.resume === true) {
        plan = await planResume(setup.service, journal.read(), instanceId, options.journal.apiUrl);
      }
      journal.begin(instanceId, plan.skip.size === 0);
    }
    sent = await sendValidRows({
      session,
      replace: found.replace,
      options,
      batchSize: setup.batchSize,
      plans: found.plans,
      toSend: found.valid,
      chunks: validRows(setup, found),
      journal,
      columns: setup.columns,
      confirmedBefore: plan.skip,
      onProgress: (sending) => {
        options.onProgress?.({
          rowsRead: found.rowsRead,
          bytesRead: setup.totalBytes,
          totalBytes: setup.totalBytes,
          sending,
        });
      },
    });
    if (sent.validSeen !== found.valid) throw changedFile(options.file);
    journal?.remove();
  } else {
    await session.abort();
  }
  options.onProgress?.({
    rowsRead: found.rowsRead,
    bytesRead: found.stoppedEarly ? setup.first.bytesRead() : setup.totalBytes,
    totalBytes: setup.totalBytes,
  });
  const committed = sent !== undefined && !options.dryRun;
  return {
    file: options.file,
    rowsRead: found.rowsRead,
    ...storedCounts(sent?.counts),
    rejected: found.rejected,
    ...(session.calculates === false || (sent?.counts.emissionUnknown ?? 0) > 0
      ? { emissionsUnknown: true }
      : {}),
    overlapping: found.overlapping,
    replaced: sent?.replaced ?? 0,
    errors: found.errors,
    errorCount: found.errorCount,
    buildingsCreated: sent === undefined ? [] : sent.buildingsCreated,
    dryRun: options.dryRun,
    committed,
    stoppedEarly: found.stoppedEarly,
    resumedSkipped: sent?.resumedSkipped ?? 0,
    resumable,
    ...(plan.refused === undefined ? {} : { resumeRefused: plan.refused }),
  };
}
