/**
 * Consumption rows as the writer reads and writes them: the stored rows of a batch's ids (one
 * SELECT per 500 ids), and multi-row upserts (or, in a bulk load, plain inserts) of 100 rows
 * (insert-chunk.ts), written as the rows come.
 */
import type {
  ConsumptionRowValues,
  ConsumptionSink,
  ConsumptionTable,
  RowLookups,
  StoredConsumptionRow,
} from "../../rules/store.js";
import type { Db } from "./database.js";
import { FleetLookup } from "./fleet-lookup.js";
import { InputLookup } from "./input-lookup.js";
import { INSERT_CHUNK, InsertChunk, insertStatements } from "./insert-chunk.js";
import { lazy } from "./lazy.js";
import { StatementCache } from "./statement-cache.js";
import { StoredDates } from "./stored-dates.js";

const SELECT_CHUNK = 500;

/** The columns of StoredConsumptionRow, dates as stored (integer milliseconds). */
type StoredTuple = [
  id: string,
  entityId: string,
  companyRef: number,
  buildingRef: number,
  categoryRef: number,
  startDate: number,
  endDate: number,
  quantity: number,
  unit: string,
  co2e: number | null,
  calculationRef: number | null,
  inputRef: number | null,
  kwhPerM3: number | null,
];

export class SqliteConsumptions implements ConsumptionTable {
  readonly #selects: StatementCache;
  readonly #upserts: StatementCache;
  readonly #inserts: StatementCache;
  readonly #companyId;
  readonly #dates = new StoredDates();
  readonly #fleet: FleetLookup;
  readonly #inputs: InputLookup;

  constructor(db: Db) {
    this.#selects = new StatementCache(db, (n) => {
      const marks = new Array(n).fill("?").join(",");
      return `SELECT id, entity_id, company_ref, building_ref, category_ref, start_date, end_date,
          quantity, unit, co2e, provenance_ref, input_ref, kwh_per_m3
        FROM consumptions WHERE id IN (${marks})`;
    });
    this.#upserts = insertStatements(db, true);
    // Without the unique index (bulk mode) an ON CONFLICT clause does not even compile.
    this.#inserts = insertStatements(db, false);
    this.#companyId = lazy(() =>
      db.prepare<[number], string>("SELECT id FROM companies WHERE ref = ?").pluck(),
    );
    this.#fleet = new FleetLookup(db);
    this.#inputs = new InputLookup(db);
  }

  stored(ids: readonly string[]): ReadonlyMap<string, StoredConsumptionRow> {
    const found = new Map<string, StoredConsumptionRow>();
    const dates = this.#dates;
    for (let start = 0; start < ids.length; start += SELECT_CHUNK) {
      const chunk = ids.slice(start, start + SELECT_CHUNK);
      const statement = this.#selects.get(chunk.length).raw(true);
      for (const stored of statement.all(...chunk)) {
        // A parsed boundary: the column list above decides the tuple's shape.
        const row = stored as StoredTuple;
        found.set(row[0], [
          row[0],
          row[1],
          row[2],
          row[3],
          row[4],
          dates.iso(row[5]),
          dates.iso(row[6]),
          row[7],
          row[8],
          row[9],
          row[10],
          row[11],
          row[12],
        ]);
      }
    }
    return found;
  }

  sink(mode: "upsert" | "insert", at: number): ConsumptionSink {
    const statements = mode === "upsert" ? this.#upserts : this.#inserts;
    const chunk = new InsertChunk(this.#dates);
    return {
      add: (values: ConsumptionRowValues, companyRef, inputRef, kwhPerM3) => {
        if (chunk.add(values, companyRef, inputRef, kwhPerM3) === INSERT_CHUNK) {
          chunk.run(statements, at);
        }
      },
      end: () => chunk.run(statements, at),
    };
  }

  lookups(): RowLookups {
    // Each company's are read on first need: there is nothing to read ahead.
    return { fleet: this.#fleet.batch(), inputs: this.#inputs.batch(), ready: () => undefined };
  }

  companyId(ref: number): string | undefined {
    return this.#companyId().get(ref);
  }
}
