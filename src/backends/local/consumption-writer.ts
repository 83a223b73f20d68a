import { CarbonError, type FieldIssue, validationError } from "../../core/errors.js";
import { countEmission, countRow, scopeKey, zeroImportCounts } from "../../core/import-counts.js";
import type { ConsumptionInput, UpsertOutcome } from "../../core/model/consumption.js";
import { MOVE_HINT, ownerMessage } from "../../core/ownership.js";
import type { ImportCounts } from "../../core/ports/consumptions.js";
import type { DerivationRules } from "../../engine/derived-lines.js";
import { derivedCo2e } from "../../engine/stored-lines.js";
import type { EmissionCalculator } from "../../rules/emission-calculator.js";
import type { CategoryCatalog } from "../../store/sqlite/categories.js";
import type { Db } from "../../store/sqlite/database.js";
import { lazy } from "../../store/sqlite/lazy.js";
import { StatementCache } from "../../store/sqlite/statement-cache.js";
import { StoredDates } from "../../store/sqlite/stored-dates.js";
import { FleetLookup } from "./fleet-lookup.js";
import type { IdHashSet } from "./id-set.js";
import { InputLookup, type InputsOf } from "./input-lookup.js";
import { INSERT_CHUNK, InsertChunk, insertStatements } from "./insert-chunk.js";
import type { RefCache } from "./ref-cache.js";
import { type FleetOf, type PreparedRow, prepareRows, type RowRefs } from "./row-references.js";
import { type ExistingRow, sameAsStored, sameRow } from "./stored-rows.js";

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
export type { RowRefs } from "./row-references.js";

export interface BulkMode {
  /** Ids written so far; undefined when the caller guarantees they never repeat. */
  readonly ids: IdHashSet | undefined;
  active(): boolean;
  leave(): void;
}

/** The vehicles and custom inputs rows may name, each company's read on first need. */
export interface RowLookups {
  readonly fleet: FleetOf;
  readonly inputs: InputsOf;
}

export interface WriteResult {
  readonly counts: ImportCounts;
  /** One per input row, in order. */
  readonly outcomes: readonly UpsertOutcome[];
}

const SELECT_CHUNK = 500;

/**
 * Writes consumptions and their emissions, a batch at a time: references are checked for the
 * whole batch first (nothing is written if one is wrong), then one SELECT per 500 ids tells
 * inserts, updates and unchanged rows apart, then multi-row upserts of 100 rows write what
 * changed (insert-chunk.ts). The caller owns the transaction.
 */
export class ConsumptionWriter {
  readonly #catalog: CategoryCatalog;
  readonly #calculator: EmissionCalculator;
  readonly #selects: StatementCache;
  readonly #upserts: StatementCache;
  readonly #inserts: StatementCache;
  readonly #companyIdOf;
  readonly #dates = new StoredDates();
  readonly #fleet: FleetLookup;
  readonly #inputs: InputLookup;
  /** Read on the first write: a command that writes no consumption never parses them. */
  readonly #rules: () => DerivationRules;
  readonly #refs: RefCache;

  constructor(
    db: Db,
    catalog: CategoryCatalog,
    calculator: EmissionCalculator,
    rules: () => DerivationRules,
    refs: RefCache,
  ) {
    this.#catalog = catalog;
    this.#rules = rules;
    this.#refs = refs;
    this.#fleet = new FleetLookup(db);
    this.#inputs = new InputLookup(db);
    this.#calculator = calculator;
    this.#selects = new StatementCache(db, (n) => {
      const marks = new Array(n).fill("?").join(",");
      return `SELECT id, entity_id, company_ref, building_ref, category_ref, start_date, end_date,
          quantity, unit, co2e, provenance_ref, input_ref, kwh_per_m3
        FROM consumptions WHERE id IN (${marks})`;
    });
    this.#upserts = insertStatements(db, true);
    // Without the unique index (bulk mode) an ON CONFLICT clause does not even compile.
    this.#inserts = insertStatements(db, false);
    this.#companyIdOf = lazy(() =>
      db.prepare<[number], string>("SELECT id FROM companies WHERE ref = ?").pluck(),
    );
  }

  /**
   * Lookups for one batch: writes that share them read each company's vehicles and custom
   * inputs once (what the rows name must not change between those writes).
   */
  lookups(): RowLookups {
    return { fleet: this.#fleet.batch(), inputs: this.#inputs.batch() };
  }

  /**
   * `path` prefixes issue paths: "rows." in an import session, "" for one upsert. Without
   * `lookups`, the write reads its own.
   */
  write(
    rows: readonly ConsumptionInput[],
    refs: RowRefs,
    path: string,
    bulk?: BulkMode,
    lookups: RowLookups = this.lookups(),
  ): WriteResult {
    const prepared = prepareRows(
      rows,
      refs,
      this.#catalog,
      path,
      lookups.fleet,
      lookups.inputs,
      this.#rules(),
    );
    const allNew = bulk !== undefined && this.#allNew(prepared, bulk);
    const existing = allNew ? new Map<string, ExistingRow>() : this.#existing(prepared);
    const statements = allNew ? this.#inserts : this.#upserts;
    const counts = zeroImportCounts();
    const outcomes: UpsertOutcome[] = [];
    const now = Date.now();
    const chunk = new InsertChunk();
    /** Rows written earlier in this batch: a later row with the same id is compared to them. */
    const written = new Map<string, WrittenRow>();
    /** Rows whose id is another company's consumption: the batch fails with all of them. */
    const conflicts: FieldIssue[] = [];
    /** Rows whose emission figures are not finite numbers: a validation error of the batch. */
    const invalid: FieldIssue[] = [];
    /** Whether the stored calculation records were loaded for this batch's unchanged rows. */
    let refsLoaded = false;
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
        const owner =
          earlier?.row.company.id ?? this.#companyIdOf().get(ownerRef) ?? String(ownerRef);
        conflicts.push({
          path: `${path}${path === "" ? "" : `${index}.`}id`,
          message: ownerMessage("consumption", row.id, owner, row.company.id),
        });
        continue;
      }
      if (conflicts.length > 0) continue;
      const unchanged =
        earlier !== undefined
          ? sameRow(earlier.row, row)
          : stored !== undefined && sameAsStored(row, stored, this.#dates);
      if (unchanged) {
        outcomes.push("unchanged");
        const co2e = earlier !== undefined ? earlier.co2e : (stored?.[9] ?? null);
        // co2e is null exactly while the location basis awaits a factor.
        const awaiting = earlier !== undefined ? earlier.awaiting : co2e === null;
        countRow(counts, "unchanged", key, awaiting, co2e);
        if (earlier !== undefined) {
          counts.co2eByScope["3"] += earlier.derivedCo2e;
        } else {
          counts.co2eByScope["3"] += this.#storedDerived(stored, refsLoaded);
          refsLoaded = true;
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
      // An absent figure is bound as NaN, which SQLite stores as NULL: better-sqlite3 binds a
      // number at once but a null only after four other type checks.
      const added = chunk.add(
        [
          row.id,
          row.entityId,
          row.building.ref,
          row.category.ref,
          this.#dates.stored(row.startDate),
          this.#dates.stored(row.endDate),
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
      if (added === INSERT_CHUNK) {
        chunk.run(statements, now);
      }
    }
    // The caller's transaction (or savepoint) takes back the chunks already written.
    if (conflicts.length > 0) throw ownerConflicts(conflicts);
    const first = invalid[0];
    if (first !== undefined) {
      throw validationError(`consumption rejected: ${first.path}: ${first.message}`, invalid);
    }
    chunk.run(statements, now);
    return { counts, outcomes };
  }

  /** kg CO2e of a stored row's derived lines (records are read once per batch). */
  #storedDerived(stored: ExistingRow | undefined, loaded: boolean): number {
    if (stored === undefined) return 0;
    if (!loaded) this.#refs.ensure();
    const calculation = this.#refs.calculation(stored[10]);
    const dates = this.#dates;
    return derivedCo2e(calculation, stored[7], dates.iso(stored[5]), dates.iso(stored[6]));
  }

  /** In bulk mode: are all ids new? If one may not be, bulk mode ends here. */
  #allNew(rows: readonly PreparedRow[], bulk: BulkMode): boolean {
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

  #existing(rows: readonly PreparedRow[]): Map<string, ExistingRow> {
    const found = new Map<string, ExistingRow>();
    for (let start = 0; start < rows.length; start += SELECT_CHUNK) {
      const ids = rows.slice(start, start + SELECT_CHUNK).map((row) => row.id);
      const statement = this.#selects.get(ids.length).raw(true);
      for (const stored of statement.all(...ids)) {
        // A parsed boundary: the column list above decides the tuple's shape.
        const row = stored as ExistingRow;
        found.set(row[0], row);
      }
    }
    return found;
  }
}

/** The conflict of a batch some of whose ids are other companies' consumptions. */
function ownerConflicts(issues: readonly FieldIssue[]): CarbonError {
  const [first, ...others] = issues;
  const more = others.length === 0 ? "" : ` (and ${others.length} more)`;
  return new CarbonError("conflict", `${first?.message ?? "consumption conflict"}${more}`, {
    issues,
    hint: MOVE_HINT,
  });
}
