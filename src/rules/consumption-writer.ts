/**
 * Writing consumptions and their emissions, a batch at a time: references are checked for the
 * whole batch first (nothing is written if one is wrong), the stored rows of its ids are read in
 * one call, each row is priced in memory (pricing data read before, src/rules/store.ts
 * `PricingData`), and what changed goes to the store's sink, which writes it before its `end`
 * answers. The caller owns the transaction.
 */
import { CarbonError, type FieldIssue, validationError } from "../core/errors.js";
import { countEmission, countRow, scopeKey, zeroImportCounts } from "../core/import-counts.js";
import type { ConsumptionInput, UpsertOutcome } from "../core/model/consumption.js";
import { MOVE_HINT, ownerMessage } from "../core/ownership.js";
import type { ImportCounts } from "../core/ports/consumptions.js";
import type { DerivationRules } from "../engine/derived-lines.js";
import { derivedCo2e } from "../engine/stored-lines.js";
import type { EmissionCalculator } from "./emission-calculator.js";
import type { IdHashSet } from "./id-set.js";
import { type PreparedRow, prepareRows, type RowRefs } from "./row-references.js";
import type {
  CalculationRecords,
  CategoryIndex,
  RowLookups,
  StoredConsumptionRow,
  StoreTransaction,
} from "./store.js";
import { storedCalculation } from "./stored-calculations.js";
import { sameAsStored, sameRow } from "./stored-rows.js";

export type { RowRefs } from "./row-references.js";
export type { RowLookups } from "./store.js";

interface WrittenRow {
  readonly row: PreparedRow;
  readonly co2e: number | null;
  readonly awaiting: boolean;
  /** kg CO2e of its derived (scope 3 category 3) lines. */
  readonly derivedCo2e: number;
}

/**
 * A bulk import into a table whose indexes are set aside (bulk-indexes.ts): every row is an
 * insert unless `ids` has seen its id; then `leave` restores the indexes and the batch takes the
 * ordinary path (lookups by id), as do all later ones.
 */
export interface BulkMode {
  /** Ids written so far; undefined when the caller guarantees they never repeat. */
  readonly ids: IdHashSet | undefined;
  active(): boolean;
  leave(): void;
}

export interface WriteResult {
  readonly counts: ImportCounts;
  /** One per input row, in order. */
  readonly outcomes: readonly UpsertOutcome[];
}

/** A row whose id is another company's consumption. */
interface Conflict {
  readonly path: string;
  readonly id: string;
  readonly ownerRef: number;
  /** The owner's id, when the batch wrote the row itself. */
  readonly ownerId: string | undefined;
  readonly companyId: string;
}

export class ConsumptionWriter {
  readonly #catalog: CategoryIndex;
  readonly #calculator: EmissionCalculator;
  /** Read on the first write: a command that writes no consumption never parses them. */
  readonly #rules: () => DerivationRules;

  constructor(
    catalog: CategoryIndex,
    calculator: EmissionCalculator,
    rules: () => DerivationRules,
  ) {
    this.#catalog = catalog;
    this.#rules = rules;
    this.#calculator = calculator;
  }

  /**
   * `path` prefixes issue paths: "rows." in an import session, "" for one upsert. Without
   * `lookups`, the write reads its own; writes that share them read each company's vehicles
   * and custom inputs once (what the rows name must not change between those writes).
   */
  async write(
    tx: StoreTransaction,
    rows: readonly ConsumptionInput[],
    refs: RowRefs,
    path: string,
    bulk?: BulkMode,
    lookups: RowLookups = tx.consumptions.lookups(),
  ): Promise<WriteResult> {
    await lookups.ready(namedCompanies(rows, refs));
    const prepared = prepareRows(
      rows,
      refs,
      this.#catalog,
      path,
      lookups.fleet,
      lookups.inputs,
      this.#rules(),
    );
    // What pricing reads, ready before the batch is priced (a store over the network loads it).
    await tx.pricing.ready(companiesOf(prepared));
    const allNew = bulk !== undefined && allNewIds(prepared, bulk);
    const existing: ReadonlyMap<string, StoredConsumptionRow> = allNew
      ? new Map()
      : await tx.consumptions.stored(prepared.map((row) => row.id));
    const sink = tx.consumptions.sink(allNew ? "insert" : "upsert", Date.now());
    const counts = zeroImportCounts();
    const outcomes: UpsertOutcome[] = [];
    /** Rows written earlier in this batch: a later row with the same id is compared to them. */
    const written = new Map<string, WrittenRow>();
    /** Rows whose id is another company's consumption: the batch fails with all of them. */
    const conflicts: Conflict[] = [];
    /** Rows whose emission figures are not finite numbers: a validation error of the batch. */
    const invalid: FieldIssue[] = [];
    /** The stored rows' calculation records, read once, when the first unchanged row needs one. */
    let records: CalculationRecords | undefined;
    for (let index = 0; index < prepared.length; index += 1) {
      const row = prepared[index];
      if (row === undefined) break;
      const key = scopeKey(row.category.scope);
      // All new: nothing stored or written earlier has this id (and looking a fresh id up in
      // an empty map still hashes it: a million string hashes in a bulk import).
      const earlier = allNew ? undefined : written.get(row.id);
      const stored = allNew || earlier !== undefined ? undefined : existing.get(row.id);
      const ownerRef = earlier !== undefined ? earlier.row.company.ref : stored?.[2];
      if (ownerRef !== undefined && ownerRef !== row.company.ref) {
        conflicts.push({
          path: `${path}${path === "" ? "" : `${index}.`}id`,
          id: row.id,
          ownerRef,
          ownerId: earlier?.row.company.id,
          companyId: row.company.id,
        });
        continue;
      }
      if (conflicts.length > 0) continue;
      const unchanged =
        earlier !== undefined
          ? sameRow(earlier.row, row)
          : stored !== undefined && sameAsStored(row, stored);
      if (unchanged) {
        outcomes.push("unchanged");
        const co2e = earlier !== undefined ? earlier.co2e : (stored?.[9] ?? null);
        // co2e is null exactly while the location basis awaits a factor.
        const awaiting = earlier !== undefined ? earlier.awaiting : co2e === null;
        countRow(counts, "unchanged", key, awaiting, co2e);
        if (earlier !== undefined) {
          counts.co2eByScope["3"] += earlier.derivedCo2e;
        } else if (stored !== undefined) {
          records ??= await tx.consumptionReads.calculations(
            [...existing.values()].map((row) => row[10]),
          );
          counts.co2eByScope["3"] += storedDerived(records, stored);
        }
        continue;
      }
      const outcome: UpsertOutcome =
        earlier === undefined && stored === undefined ? "inserted" : "updated";
      counts[outcome] += 1;
      outcomes.push(outcome);
      const { values, calculationRef, derivedCo2e, nonFinite } = this.#calculator.calculate({
        category: row.category,
        companyRef: row.company.ref,
        country: row.building.country ?? row.company.country,
        startDate: row.startDate,
        endDate: row.endDate,
        unit: row.unit,
        quantity: row.quantity,
        inputFactorId: row.input?.factorId ?? null,
        kwhPerM3: row.kwhPerM3,
      });
      const figure = nonFinite;
      if (figure !== undefined) {
        invalid.push({
          path: `${path}${path === "" ? "" : `${index}.`}quantity`,
          message: `${row.quantity} ${row.unit} gives a ${figure} that is not a finite number: expected a smaller quantity`,
        });
        continue;
      }
      const awaiting = values.status !== "calculated";
      countEmission(counts, key, awaiting, values.co2e);
      if (derivedCo2e !== 0) counts.co2eByScope["3"] += derivedCo2e;
      // All new: no id repeats in the batch, so no later row looks this one up.
      if (!allNew) written.set(row.id, { row, co2e: values.co2e, awaiting, derivedCo2e });
      // An absent figure is NaN: a store binds a number at once, a null only after other checks.
      sink.add(
        [
          row.id,
          row.entityId,
          row.building.ref,
          row.category.ref,
          row.startDate,
          row.endDate,
          row.quantity,
          row.unit,
          values.co2e ?? NaN,
          values.co2 ?? NaN,
          values.ch4 ?? NaN,
          values.n2o ?? NaN,
          values.co2eMarketBased ?? NaN,
          values.convertedQuantity ?? NaN,
          calculationRef,
        ],
        row.company.ref,
        row.input?.ref ?? NaN,
        row.kwhPerM3 ?? NaN,
      );
    }
    // The caller's transaction (or savepoint) takes back the rows already written.
    if (conflicts.length > 0) throw await ownerConflicts(tx, conflicts);
    const first = invalid[0];
    if (first !== undefined) {
      throw validationError(`consumption rejected: ${first.path}: ${first.message}`, invalid);
    }
    await sink.end();
    return { counts, outcomes };
  }
}

/** kg CO2e of a stored row's derived (scope 3 category 3) lines. */
function storedDerived(records: CalculationRecords, stored: StoredConsumptionRow): number {
  const calculation = storedCalculation(records, stored[10]);
  return derivedCo2e(calculation, stored[7], stored[5], stored[6]);
}

/** The store keys of the rows' companies, each once (rows come grouped by company, mostly). */
function companiesOf(rows: readonly PreparedRow[]): number[] {
  const refs: number[] = [];
  let last: number | undefined;
  for (const row of rows) {
    const ref = row.company.ref;
    if (ref === last) continue;
    last = ref;
    if (!refs.includes(ref)) refs.push(ref);
  }
  return refs;
}

/** The store keys of the companies the rows name that exist, each once. */
function namedCompanies(rows: readonly ConsumptionInput[], refs: RowRefs): number[] {
  const found = new Set<number>();
  let last: string | undefined;
  for (const row of rows) {
    if (row.companyId === last) continue;
    last = row.companyId;
    const company = refs.company(row.companyId);
    if (company !== undefined) found.add(company.ref);
  }
  return [...found];
}

/** In bulk mode: are all ids new? If one may not be, bulk mode ends here. */
function allNewIds(rows: readonly PreparedRow[], bulk: BulkMode): boolean {
  if (!bulk.active()) return false;
  const ids = bulk.ids;
  if (ids === undefined) return true;
  for (const row of rows) {
    if (!ids.add(row.id)) {
      bulk.leave();
      return false;
    }
  }
  return true;
}

/** The conflict of a batch some of whose ids are other companies' consumptions. */
async function ownerConflicts(
  tx: StoreTransaction,
  conflicts: readonly Conflict[],
): Promise<CarbonError> {
  const owners = new Map<number, string>();
  for (const conflict of conflicts) {
    if (conflict.ownerId === undefined && !owners.has(conflict.ownerRef)) {
      owners.set(
        conflict.ownerRef,
        (await tx.consumptions.companyId(conflict.ownerRef)) ?? String(conflict.ownerRef),
      );
    }
  }
  const issues: FieldIssue[] = conflicts.map((conflict) => ({
    path: conflict.path,
    message: ownerMessage(
      "consumption",
      conflict.id,
      conflict.ownerId ?? owners.get(conflict.ownerRef) ?? String(conflict.ownerRef),
      conflict.companyId,
    ),
  }));
  const [first, ...others] = issues;
  const more = others.length === 0 ? "" : ` (and ${others.length} more)`;
  return new CarbonError("conflict", `${first?.message ?? "consumption conflict"}${more}`, {
    issues,
    hint: MOVE_HINT,
  });
}
