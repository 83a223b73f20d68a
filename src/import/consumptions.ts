import { CarbonError, notFound, usageError } from "../core/errors.js";
import { isUuid } from "../core/ids.js";
import type { CarbonService } from "../core/service.js";
import { mapColumns } from "./columns.js";
import { csvOptions, openCsvSource } from "./csv-source.js";
import { checkDerivedIds } from "./derived-ids.js";
import { FingerprintSet } from "./fingerprint-set.js";
import { ImportRun } from "./import-run.js";
import { References, serviceCompanyLoader } from "./references.js";
import { RejectsWriter } from "./rejects-writer.js";
import { validateInline } from "./row-outcomes.js";
import type { RowContext } from "./row-validator.js";
import { importTwoPass } from "./two-pass.js";
import type { ConsumptionImportOptions, ConsumptionImportReport } from "./types.js";
import { PARSE_WORKER_MIN_BYTES, workerOutcomes } from "./worker-outcomes.js";

export type {
  ConsumptionImportOptions,
  ConsumptionImportReport,
  ImportProgress,
  RowError,
} from "./types.js";
export { startParseWorker } from "./worker-outcomes.js";

/**
 * `carbon consumptions import FILE`: a streaming, all-or-nothing CSV import.
 *
 * The file is read once, row by row (memory stays flat): each row is validated (every problem
 * collected with line and column), valid rows are written in batches into one import session
 * (one transaction locally). If any row is bad and `skipInvalid` is off, writing stops at the
 * first bad row (validation carries on, to report every error) and the session is aborted, so
 * nothing is stored. With `skipInvalid` the good rows are committed. A dry run writes every valid
 * row (emissions are calculated and counted) and rolls back. Reading stops early, and nothing
 * is committed, when `maxErrors` bad rows were met or the CSV is malformed past repair.
 *
 * No console output: the CLI renders the report. Throws only for file-level problems (unreadable
 * or empty file, unusable header: validation/usage), an unknown `--company` (not_found), an
 * interruption (interrupted) and service failures.
 */

const DEFAULT_BATCH_SIZE = 500;
/** Against a server a batch is what the journal confirms at once: small, so a kill loses little. */
const DEFAULT_REMOTE_BATCH_SIZE = 500;

function positiveInteger(value: number | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || value < 1) {
    throw usageError(`${flag} expects a whole number of 1 or more, got ${value}`);
  }
  return value;
}

function checkCompanyOption(companyId: string | undefined): string | undefined {
  const id = companyId?.trim();
  if (id === undefined || id === "") return undefined;
  if (!isUuid(id)) throw usageError(`--company expects a company id (UUID), got "${companyId}"`);
  return id.toLowerCase();
}

export async function importConsumptions(
  service: CarbonService,
  options: ConsumptionImportOptions,
): Promise<ConsumptionImportReport> {
  const batchSize = positiveInteger(options.batchSize, "--batch-size") ?? DEFAULT_BATCH_SIZE;
  const maxErrors = positiveInteger(options.maxErrors, "--max-errors");
  const openOptions = csvOptions(options);
  const companyId = checkCompanyOption(options.companyId);
  const building = options.buildingId?.trim() || undefined;

  const source = await openCsvSource(options.file, openOptions);
  const batches = source.batches();
  try {
    const first = await batches.next();
    const [header, ...rows] = first.done === true ? [] : first.value;
    if (header === undefined) {
      throw new CarbonError("validation", `${options.file} has no header line`);
    }
    const { columns } = mapColumns(
      header.cells,
      { companyId: companyId !== undefined, building: building !== undefined },
      header.line,
    );
    const refs = await References.load(service);
    if (companyId !== undefined) {
      if (!(await refs.loadCompany(companyId))) throw notFound("company", companyId);
      const isName = building !== undefined && !isUuid(building);
      if (
        building !== undefined &&
        refs.building(companyId, building) === undefined &&
        !(isName && options.createBuildings)
      ) {
        throw new CarbonError(
          "not_found",
          `building ${building} not found in company ${companyId}`,
        );
      }
    }
    const rejects =
      options.rejectsFile === undefined
        ? undefined
        : new RejectsWriter({
            file: options.rejectsFile,
            header: header.cells,
            delimiter: source.delimiter,
            lineEnding: source.lineEnding,
          });
    if (!service.consumptions.importsAtomically) {
      // Rows sent to a server stay stored: validate the whole file first, then send (two-pass.ts).
      return await importTwoPass({
        service,
        options,
        batchSize: options.batchSize ?? DEFAULT_REMOTE_BATCH_SIZE,
        maxErrors,
        columns,
        headerLength: header.cells.length,
        refs,
        rejects,
        delimiter: source.delimiter,
        encoding: source.encoding,
        plain: source.plain,
        totalBytes: source.totalBytes,
        companyId,
        building,
        first: { rows, batches, bytesRead: source.bytesRead },
      });
    }
    const run = new ImportRun({
      service,
      options,
      totalBytes: source.totalBytes,
      rejects,
      batchSize,
      batchSizeGiven: options.batchSize !== undefined,
      maxErrors,
      columns,
    });
    const keepCells = rejects !== undefined;
    const inWorker = options.parseInWorker ?? source.totalBytes >= PARSE_WORKER_MIN_BYTES;
    if (inWorker) {
      // The worker reads the file anew: let go of this reader first.
      await batches.return(undefined);
      source.close();
      const expectedRows = estimateRows(source.totalBytes, rows, source.delimiter);
      // Without an id column every id is derived: this thread checks them (derived-ids.ts).
      const checkHere = columns.id === undefined;
      const outcomes = workerOutcomes(
        {
          file: options.file,
          delimiter: source.delimiter,
          encoding: source.encoding,
          plain: source.plain,
          expectedRows,
          checkDerivedIds: !checkHere,
          references: refs.snapshot(),
          columns,
          headerLength: header.cells.length,
          decimalComma: options.decimalComma,
          defaultCompanyId: companyId,
          defaultBuilding: building,
          createBuildings: options.createBuildings,
          keepCells,
        },
        serviceCompanyLoader(service),
        options.parseWorker,
      );
      try {
        return await run.execute(
          checkHere
            ? checkDerivedIds(outcomes, FingerprintSet.forRows(expectedRows), { columns })
            : outcomes,
        );
      } finally {
        await outcomes.close();
      }
    }
    const ctx: RowContext = {
      columns,
      headerLength: header.cells.length,
      refs,
      ids: new FingerprintSet(),
      checkDerivedIds: true,
      decimalComma: options.decimalComma,
      defaultCompanyId: companyId,
      defaultBuilding: building,
      createBuildings: options.createBuildings,
    };
    return await run.execute({
      chunks: validateInline(rows, batches, ctx, keepCells),
      bytesRead: source.bytesRead,
    });
  } finally {
    await batches.return(undefined);
    source.close();
  }
}

/** Rows of a file of `totalBytes` whose lines are like `sample`'s (a sizing hint, not a count). */
export function estimateRows(
  totalBytes: number,
  sample: readonly { readonly cells: readonly string[] }[],
  delimiter: string,
): number {
  if (sample.length === 0) return 0;
  let characters = 0;
  for (const record of sample) characters += record.cells.join(delimiter).length + 1;
  return Math.ceil(totalBytes / Math.max(1, characters / sample.length));
}
