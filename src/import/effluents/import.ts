/**
 * `carbon effluents import FILE`: effluent limits and samples from a CSV (docs/effluents.md),
 * with the other imports' guarantees. Every row is checked first (cells, building of the company,
 * units, one limit per building, parameter and year in the file and against what is stored),
 * every problem with its line and column; if any row is bad nothing is written. The rows then
 * go to the engine in one call: one transaction locally, one upsert each against a server. A
 * dry run stores nothing (it sends no write). Ids are given or derived, so importing the same
 * file again reports every row unchanged. Effluent files are small: rows are held in memory.
 */
import { limitKey } from "../../core/effluent-limits.js";
import { isCarbonError } from "../../core/errors.js";
import type { Effluent, EffluentInput } from "../../core/model/effluent.js";
import { nameKey } from "../../core/names.js";
import type { CarbonService } from "../../core/service.js";
import { type CsvRecord, CsvSyntaxError, csvOptions, openCsvSource } from "../csv-source.js";
import type { RowError } from "../types.js";
import { type EffluentColumns, mapEffluentColumns } from "./columns.js";
import { type BuildingIndex, columnOf, effluentRow } from "./rows.js";

export interface EffluentImportOptions {
  readonly file: string;
  /** Default for rows without a companyId. */
  readonly companyId?: string;
  readonly decimalComma: boolean;
  readonly delimiter?: string;
  readonly encoding?: string;
  readonly dryRun: boolean;
}

export interface EffluentImportReport {
  readonly file: string;
  readonly rowsRead: number;
  readonly inserted: number;
  readonly updated: number;
  readonly unchanged: number;
  readonly rejected: number;
  /** Sorted by line. */
  readonly errors: readonly RowError[];
  readonly errorCount: number;
  readonly dryRun: boolean;
  /** The rows are stored. */
  readonly committed: boolean;
}

interface Good {
  readonly line: number;
  readonly input: EffluentInput & { readonly id: string };
}

type Outcome = "inserted" | "updated" | "unchanged";

async function readAll(options: EffluentImportOptions) {
  const source = await openCsvSource(options.file, csvOptions(options));
  const records: CsvRecord[] = [];
  let broken: RowError | undefined;
  try {
    for await (const record of source.records()) records.push(record);
  } catch (error) {
    if (!(error instanceof CsvSyntaxError)) throw error;
    broken = { line: error.line, column: "", message: error.message };
  } finally {
    source.close();
  }
  return { records, broken };
}

/** Reads each company's buildings and stored records once, the first time a row names it. */
function companyData(service: CarbonService) {
  const buildings = new Map<string, Promise<BuildingIndex | undefined>>();
  const stored = new Map<string, Promise<Effluent[]>>();
  return {
    buildings(companyId: string): Promise<BuildingIndex | undefined> {
      let found = buildings.get(companyId);
      if (found === undefined) {
        found = (async () => {
          const ids = new Set<string>();
          const names = new Map<string, string[]>();
          try {
            for await (const page of service.streamList("buildings", { companyId })) {
              for (const building of page) {
                ids.add(building.id.toLowerCase());
                const key = nameKey(building.name);
                names.set(key, [...(names.get(key) ?? []), building.id.toLowerCase()]);
              }
            }
            await service.companies.get(companyId);
          } catch (error) {
            if (isCarbonError(error) && error.code === "not_found") return undefined;
            throw error;
          }
          return { ids, names };
        })();
        buildings.set(companyId, found);
      }
      return found;
    },
    async stored(companyId: string): Promise<Effluent[]> {
      let found = stored.get(companyId);
      if (found === undefined) {
        found = (async () => {
          const rows: Effluent[] = [];
          for await (const page of service.streamList("effluents", { companyId }))
            rows.push(...page);
          return rows;
        })();
        stored.set(companyId, found);
      }
      return found;
    },
  };
}

function same(input: EffluentInput, record: Effluent): boolean {
  return (
    record.buildingId?.toLowerCase() === input.buildingId.toLowerCase() &&
    record.type === input.type &&
    record.parameter === input.parameter &&
    record.value === input.value &&
    record.unit === input.unit &&
    record.year === input.year &&
    (record.sampledAt ?? null) === (input.sampledAt ?? null) &&
    (record.minValue ?? null) === (input.minValue ?? null) &&
    (record.dischargePoint ?? null) === (input.dischargePoint ?? null) &&
    (record.notes ?? null) === (input.notes ?? null)
  );
}

export async function importEffluents(
  service: CarbonService,
  options: EffluentImportOptions,
): Promise<EffluentImportReport> {
  if (options.companyId !== undefined) await service.companies.get(options.companyId);
  const { records, broken } = await readAll(options);
  const [header, ...rows] = records;
  const errors: RowError[] = broken === undefined ? [] : [broken];
  const columns: EffluentColumns = mapEffluentColumns(
    header?.cells ?? [],
    options.companyId !== undefined,
    header?.line ?? 1,
  );
  const data = companyData(service);
  const good: Good[] = [];
  const rejectedLines = new Set<number>(broken === undefined ? [] : [broken.line]);
  const reject = (line: number, column: string, message: string) => {
    errors.push({ line, column, message });
    rejectedLines.add(line);
  };
  for (const record of rows) {
    const result = await effluentRow(record, {
      columns,
      headerLength: header?.cells.length ?? 0,
      ...(options.companyId === undefined ? {} : { companyId: options.companyId }),
      decimalComma: options.decimalComma,
      buildings: (companyId) => data.buildings(companyId),
    });
    if (result.ok) good.push({ line: record.line, input: result.input });
    else for (const error of result.errors) reject(error.line, error.column, error.message);
  }
  const outcomes = await check(good, columns, data, reject);
  errors.sort((a, b) => a.line - b.line);
  const refused = rejectedLines.size > 0;
  if (!refused && !options.dryRun && good.length > 0) {
    await service.effluents.write(good.map((entry) => entry.input));
  }
  const counted = (outcome: Outcome) =>
    refused ? 0 : outcomes.filter((candidate) => candidate === outcome).length;
  return {
    file: options.file,
    rowsRead: rows.length + (broken === undefined ? 0 : 1),
    inserted: counted("inserted"),
    updated: counted("updated"),
    unchanged: counted("unchanged"),
    rejected: rejectedLines.size,
    errors,
    errorCount: errors.length,
    dryRun: options.dryRun,
    committed: !refused && !options.dryRun,
  };
}

/**
 * What each good row would do to the stored records, refusing a row that repeats an id or a
 * limit of the file, or names a limit a stored record of another id already is.
 */
async function check(
  good: readonly Good[],
  columns: EffluentColumns,
  data: ReturnType<typeof companyData>,
  reject: (line: number, column: string, message: string) => void,
): Promise<Outcome[]> {
  const ids = new Map<string, number>();
  const limits = new Map<string, number>();
  const outcomes: Outcome[] = [];
  for (const { line, input } of good) {
    const id = input.id.toLowerCase();
    const stored = await data.stored(input.companyId.toLowerCase());
    const mine = stored.find((record) => record.id.toLowerCase() === id);
    if (input.type === "limit") {
      const key = limitKey(input.buildingId, input.parameter, input.year ?? 0);
      const other = limits.get(key);
      const what = `a ${input.parameter} limit of building ${input.buildingId} for ${input.year}`;
      if (other !== undefined) {
        reject(line, columnOf(columns, "year"), `${what} is on line ${other} already`);
        continue;
      }
      limits.set(key, line);
      const taken = stored.find(
        (record) =>
          record.type === "limit" &&
          record.id.toLowerCase() !== id &&
          record.buildingId !== null &&
          record.parameter !== null &&
          record.year !== null &&
          limitKey(record.buildingId, record.parameter, record.year) === key,
      );
      if (taken !== undefined) {
        reject(
          line,
          columnOf(columns, "year"),
          `${what} is stored already: effluent record ${taken.id}`,
        );
        continue;
      }
    }
    const earlier = ids.get(id);
    if (earlier !== undefined) {
      reject(line, columnOf(columns, "id"), `the same record as line ${earlier} (id ${id})`);
      continue;
    }
    ids.set(id, line);
    outcomes.push(mine === undefined ? "inserted" : same(input, mine) ? "unchanged" : "updated");
  }
  return outcomes;
}
