import { CarbonError, isCarbonError } from "../core/errors.js";
import { addImportCounts, zeroImportCounts } from "../core/import-counts.js";
import type { BuildingInput } from "../core/model/building.js";
import type { Consumption, ConsumptionInput } from "../core/model/consumption.js";
import type { ImportCounts, ImportSession } from "../core/ports/consumptions.js";
import type { ColumnMap } from "./columns.js";
import type { ImportJournal } from "./journal.js";
import { conflictAtLines, rowErrorsByIndex } from "./row-issues.js";
import { isValid, type RowOutcome } from "./row-outcomes.js";
import type { ConsumptionImportOptions, ImportProgress } from "./types.js";

/**
 * Pass 2 of an import against a server: the validated rows go to the session in batches, up to
 * BATCHES_IN_FLIGHT in flight (the session's pool has `--concurrency` connections, which bounds
 * the requests on the wire; the rest wait in the pool), so the server always has the next
 * batches queued and can commit several in one transaction. Batches in flight never share an
 * id: pass 1 rejects a repeated id as a duplicate. Each batch the server confirmed is appended
 * to the journal; rows the journal confirmed earlier are skipped with `--resume`. Once every row
 * is stored, the stored consumptions they replace (--replace-overlapping) are removed, and
 * journaled the same way.
 */

/** Batches sent and not answered yet (500 rows each against a server). */
const BATCHES_IN_FLIGHT = 8;
/** Removals journaled at once. */
const REMOVALS_PER_STEP = 50;
const PROGRESS_INTERVAL_MS = 100;

export interface SendSetup {
  /** Opened by the caller (pass 1 asked it for overlaps); committed or aborted here. */
  readonly session: ImportSession;
  /** Stored consumptions to remove once the rows are stored (--replace-overlapping). */
  readonly replace: readonly Consumption[];
  readonly options: ConsumptionImportOptions;
  readonly batchSize: number;
  /** Buildings --create-buildings creates before any row is sent. */
  readonly plans: readonly BuildingInput[];
  /** Valid rows pass 1 counted (for progress). */
  readonly toSend: number;
  readonly chunks: AsyncGenerator<readonly RowOutcome[], void, undefined>;
  readonly journal: ImportJournal | undefined;
  /** Ids an earlier run stored (`--resume`); empty otherwise. */
  readonly confirmedBefore: ReadonlySet<string>;
  readonly onProgress: (sending: NonNullable<ImportProgress["sending"]>) => void;
  /** The file's columns, to name the line and column of a row the server refused. */
  readonly columns: ColumnMap["columns"];
}

export interface SendResult {
  readonly counts: ImportCounts;
  /** Valid rows met (sent or skipped): pass 1's count unless the file changed. */
  readonly validSeen: number;
  readonly resumedSkipped: number;
  readonly buildingsCreated: readonly { readonly id: string; readonly name: string }[];
  /** Stored consumptions removed (or, with --resume, removed by the earlier run). */
  readonly replaced: number;
}

function plural(count: number): string {
  return count === 1 ? "1 row" : `${count} rows`;
}

/** The failure, with what was stored and how to go on (a server keeps what it confirmed). */
function stoppedError(
  error: unknown,
  interrupted: boolean,
  stored: number,
  setup: SendSetup,
): unknown {
  const { journal } = setup;
  const storedText = setup.options.dryRun
    ? "dry run: nothing was stored"
    : `${plural(stored)} of this run were stored on the server`;
  const hint =
    journal === undefined
      ? "run the same import again: rows already stored are updated in place, not duplicated"
      : "run the same command with --resume to send only the rows not stored yet";
  if (interrupted) {
    return new CarbonError("interrupted", `import interrupted; ${storedText}`, {
      hint,
      cause: error,
    });
  }
  if (!isCarbonError(error)) return error;
  return new CarbonError(error.code, `${error.message} (${storedText})`, {
    issues: error.issues,
    hint: error.hint ?? hint,
    cause: error,
  });
}

/**
 * A conflict (another company's consumption id) or a validation error the server found in rows
 * of a batch (references only it can check, such as a vehicle's active period) names their lines.
 */
function atLines(error: unknown, lines: readonly number[], columns: ColumnMap["columns"]): unknown {
  if (!isCarbonError(error) || (error.code !== "conflict" && error.code !== "validation")) {
    return error;
  }
  const rows = [...rowErrorsByIndex(error.issues, (index) => lines[index], columns).values()];
  return conflictAtLines(error, rows.flat(), "the import stopped");
}

export async function sendValidRows(setup: SendSetup): Promise<SendResult> {
  const { options, journal, confirmedBefore } = setup;
  const counts = zeroImportCounts();
  const inFlight = new Set<Promise<void>>();
  let failure: { readonly error: unknown } | undefined;
  let sent = 0;
  let confirmed = 0;
  let validSeen = 0;
  let resumedSkipped = 0;
  let lastProgress = 0;
  const total = setup.toSend;
  const progress = (final: boolean): void => {
    const now = Date.now();
    if (!final && now - lastProgress < PROGRESS_INTERVAL_MS) return;
    lastProgress = now;
    setup.onProgress({ sent, confirmed, total });
  };
  const aborted = (): boolean => options.signal?.aborted === true;

  const { session } = setup;
  const submit = async (rows: ConsumptionInput[], lines: readonly number[]): Promise<void> => {
    while (inFlight.size >= BATCHES_IN_FLIGHT) await Promise.race(inFlight);
    if (failure !== undefined || aborted()) return;
    sent += rows.length;
    const work = session.write(rows).then(
      (batchCounts) => {
        addImportCounts(counts, batchCounts);
        confirmed += rows.length;
        try {
          journal?.append(rows.map((row) => row.id));
        } catch (error) {
          failure ??= { error };
        }
        progress(false);
      },
      (error: unknown) => {
        failure ??= { error: atLines(error, lines, setup.columns) };
      },
    );
    const tracked = work.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
  };

  const buildingsCreated: { readonly id: string; readonly name: string }[] = [];
  let replaced = 0;
  try {
    if (setup.plans.length > 0) {
      await session.createBuildings(setup.plans);
      for (const plan of setup.plans) buildingsCreated.push({ id: plan.id, name: plan.name });
    }
    let batch: ConsumptionInput[] = [];
    let lines: number[] = [];
    for await (const chunk of setup.chunks) {
      for (const outcome of chunk) {
        if (!isValid(outcome)) continue;
        validSeen += 1;
        if (confirmedBefore.has(outcome.input.id)) {
          resumedSkipped += 1;
          continue;
        }
        batch.push(outcome.input);
        lines.push(outcome.line);
        if (batch.length >= setup.batchSize) {
          await submit(batch, lines);
          batch = [];
          lines = [];
        }
      }
      if (failure !== undefined || aborted()) break;
    }
    if (batch.length > 0) await submit(batch, lines);
    await Promise.all(inFlight);
    if (failure !== undefined) throw failure.error;
    if (aborted()) throw new CarbonError("interrupted", "interrupted (Ctrl-C)");
    replaced = await removeReplaced(setup, session, aborted);
    await session.commit();
  } catch (error) {
    await Promise.allSettled(inFlight);
    await session.abort().catch(() => undefined);
    journal?.close();
    throw stoppedError(error, aborted(), confirmed, setup);
  }
  progress(true);
  return { counts, validSeen, resumedSkipped, buildingsCreated, replaced };
}

/** The replaced records, a step at a time, each step journaled; those journaled before skipped. */
async function removeReplaced(
  setup: SendSetup,
  session: ImportSession,
  aborted: () => boolean,
): Promise<number> {
  const { journal, confirmedBefore } = setup;
  const pending = setup.replace.filter((record) => !confirmedBefore.has(record.id.toLowerCase()));
  for (let start = 0; start < pending.length; start += REMOVALS_PER_STEP) {
    if (aborted()) throw new CarbonError("interrupted", "interrupted (Ctrl-C)");
    const step = pending.slice(start, start + REMOVALS_PER_STEP);
    await session.remove(step);
    journal?.appendRemoved(step.map((record) => record.id));
  }
  return setup.replace.length;
}
