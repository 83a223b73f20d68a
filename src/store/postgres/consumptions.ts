/**
 * Consumption rows as the writer reads and writes them in PostgreSQL: the stored rows of a
 * batch's ids (one SELECT per few thousand ids), and a batch's rows upserted by id or inserted,
 * when the sink ends, after the new calculation records they name (pricing.ts): a multi-row
 * INSERT of arrays (unnest) for a batch of ordinary size, COPY into a staging table and one
 * INSERT … SELECT from it for a large one. Dates are stored as milliseconds (stored-dates.ts).
 */
import type {
  ConsumptionRowValues,
  ConsumptionSink,
  ConsumptionTable,
  FleetVehicle,
  NamedInput,
  RowLookups,
  StoredConsumptionRow,
} from "../../rules/store.js";
import { StoredDates } from "../stored-dates.js";
import { type FleetRow, fleetVehicleOf } from "../stored-records.js";
import { CONSUMPTION_ROW_COLUMNS } from "../table-names.js";
import { copyRows } from "./copy.js";
import type { PostgresPricingData } from "./pricing.js";
import type { Queryable } from "./transactions.js";
import { uuidsOf } from "./uuids.js";

const SELECT_CHUNK = 5000;
/** Rows per multi-row INSERT; a batch of more goes through COPY. */
const INSERT_CHUNK = 2000;

/** The columns written, in the order of a row's values (Row below). */
const COLUMNS = ["company_ref", ...CONSUMPTION_ROW_COLUMNS, "input_ref", "kwh_per_m3"] as const;
const TYPES = [
  "bigint",
  "uuid",
  "text",
  "bigint",
  "bigint",
  "bigint",
  "bigint",
  "numeric",
  "text",
  "numeric",
  "numeric",
  "numeric",
  "numeric",
  "numeric",
  "numeric",
  "bigint",
  "bigint",
  "numeric",
];

type Row = (string | number | null)[];

/** An update leaves id, company and created_at alone: the stored creation time survives. */
const UPDATE = COLUMNS.filter((c) => c !== "id" && c !== "company_ref")
  .map((c) => `${c} = excluded.${c}`)
  .concat("updated_at = excluded.updated_at")
  .join(", ");

function insertSql(source: string, upsert: boolean): string {
  const sql = `INSERT INTO consumptions (${COLUMNS.join(", ")}, created_at, updated_at) ${source}`;
  return upsert ? `${sql} ON CONFLICT (company_ref, id) DO UPDATE SET ${UPDATE}` : sql;
}

/** NaN (an absent figure) as NULL. */
const orNull = (value: number): number | null => (Number.isNaN(value) ? null : value);

type StoredTuple = {
  id: string;
  entity_id: string;
  company_ref: number;
  building_ref: number;
  category_ref: number;
  start_date: number;
  end_date: number;
  quantity: number;
  unit: string;
  co2e: number | null;
  provenance_ref: number | null;
  input_ref: number | null;
  kwh_per_m3: number | null;
};

interface InputRow {
  company_ref: number;
  ref: number;
  id: string;
  type: string;
  unit: string;
  factor_id: string | null;
  factor_category_ref: number | null;
}

export class PostgresConsumptions implements ConsumptionTable {
  readonly #db: Queryable;
  readonly #pricing: PostgresPricingData;
  readonly #dates = new StoredDates();
  #rowsWritten = 0;

  constructor(db: Queryable, pricing: PostgresPricingData) {
    this.#db = db;
    this.#pricing = pricing;
  }

  async stored(ids: readonly string[]): Promise<ReadonlyMap<string, StoredConsumptionRow>> {
    const found = new Map<string, StoredConsumptionRow>();
    const wanted = uuidsOf(ids);
    for (let start = 0; start < wanted.length; start += SELECT_CHUNK) {
      const rows = await this.#db.query<StoredTuple>(
        `SELECT id, entity_id, company_ref, building_ref, category_ref, start_date, end_date,
           quantity, unit, co2e, provenance_ref, input_ref, kwh_per_m3
         FROM consumptions WHERE id = ANY($1::uuid[])`,
        [wanted.slice(start, start + SELECT_CHUNK)],
      );
      for (const row of rows.rows) {
        found.set(row.id, [
          row.id,
          row.entity_id,
          row.company_ref,
          row.building_ref,
          row.category_ref,
          this.#dates.iso(row.start_date),
          this.#dates.iso(row.end_date),
          row.quantity,
          row.unit,
          row.co2e,
          row.provenance_ref,
          row.input_ref,
          row.kwh_per_m3,
        ]);
      }
    }
    return found;
  }

  sink(mode: "upsert" | "insert", at: number): ConsumptionSink {
    const rows: Row[] = [];
    /**
     * Where each id's row is in `rows`: a batch that writes an id twice (a row, then a later
     * one of the same id that changes it) writes it once, with the later values, in the place
     * of the first. One statement may not upsert a row twice, as SQLite's row-by-row writes do.
     */
    const positions = new Map<string, number>();
    const dates = this.#dates;
    return {
      add: (values: ConsumptionRowValues, companyRef, inputRef, kwhPerM3) => {
        const row: Row = [
          companyRef,
          values[0],
          values[1],
          values[2],
          values[3],
          dates.stored(values[4]),
          dates.stored(values[5]),
          values[6],
          values[7],
          orNull(values[8]),
          orNull(values[9]),
          orNull(values[10]),
          orNull(values[11]),
          orNull(values[12]),
          orNull(values[13]),
          values[14],
          orNull(inputRef),
          orNull(kwhPerM3),
        ];
        const earlier = positions.get(values[0]);
        if (earlier === undefined) {
          positions.set(values[0], rows.length);
          rows.push(row);
        } else {
          rows[earlier] = row;
        }
      },
      end: async () => {
        if (rows.length === 0) return;
        // The records the rows name first, in the same transaction.
        await this.#pricing.flush(this.#db);
        await this.#write(rows, mode === "upsert", at);
      },
    };
  }

  /** Rows this table has written on its connection (a batch taken back included). */
  get rowsWritten(): number {
    return this.#rowsWritten;
  }

  async #write(rows: readonly Row[], upsert: boolean, at: number): Promise<void> {
    this.#rowsWritten += rows.length;
    if (rows.length > INSERT_CHUNK) {
      // A large batch: one stream into a staging table, one statement from it.
      // Rows go in in the batch's order (`position`), as the multi-row INSERT puts them.
      await this.#db.query(
        `CREATE TEMP TABLE IF NOT EXISTS consumption_stage
           (LIKE consumptions INCLUDING IDENTITY, position integer NOT NULL) ON COMMIT DELETE ROWS`,
      );
      await this.#db.query("TRUNCATE consumption_stage");
      await copyRows(
        this.#db,
        "consumption_stage",
        [...COLUMNS, "created_at", "updated_at", "position"],
        {
          *[Symbol.iterator]() {
            for (let i = 0; i < rows.length; i += 1) yield [...(rows[i] ?? []), at, at, i];
          },
        },
      );
      await this.#db.query(
        insertSql(
          `SELECT ${COLUMNS.join(", ")}, created_at, updated_at FROM consumption_stage
            ORDER BY position`,
          upsert,
        ),
      );
      return;
    }
    const columns = COLUMNS.map((_, i) => rows.map((row) => row[i] ?? null));
    const arrays = TYPES.map((type, i) => `$${i + 1}::${type}[]`).join(", ");
    await this.#db.query(
      insertSql(
        `SELECT *, $${COLUMNS.length + 1}::bigint, $${COLUMNS.length + 1}::bigint
           FROM unnest(${arrays})`,
        upsert,
      ),
      [...columns, at],
    );
  }

  /** The vehicles and custom inputs of the companies `ready` is given, read once per company. */
  lookups(): RowLookups {
    const fleets = new Map<number, Map<string, FleetVehicle>>();
    const inputs = new Map<number, Map<string, NamedInput>>();
    const loaded = <T>(map: Map<number, T>, companyRef: number): T => {
      const found = map.get(companyRef);
      if (found === undefined) throw new Error(`company ref ${companyRef} is not ready`);
      return found;
    };
    return {
      fleet: (companyRef) => loaded(fleets, companyRef),
      inputs: (companyRef) => loaded(inputs, companyRef),
      ready: async (companyRefs) => {
        const missing = companyRefs.filter((ref) => !fleets.has(ref));
        if (missing.length === 0) return;
        for (const ref of missing) {
          fleets.set(ref, new Map());
          inputs.set(ref, new Map());
        }
        const vehicles = await this.#db.query<FleetRow & { company_ref: number }>(
          `SELECT company_ref, id, vehicle_type, vehicle_category, fuel_type, ownership,
             active_from, active_to FROM vehicles WHERE company_ref = ANY($1::bigint[])`,
          [missing],
        );
        for (const row of vehicles.rows) {
          fleets.get(row.company_ref)?.set(row.id, fleetVehicleOf(row));
        }
        const named = await this.#db.query<InputRow>(
          `SELECT i.company_ref, i.ref, i.id, i.type, i.unit, f.id AS factor_id,
             f.category_ref AS factor_category_ref
           FROM custom_inputs i
           LEFT JOIN custom_factors f ON f.company_ref = i.company_ref AND f.id = i.custom_factor_id
           WHERE i.company_ref = ANY($1::bigint[])`,
          [missing],
        );
        for (const row of named.rows) {
          inputs.get(row.company_ref)?.set(row.id.toLowerCase(), {
            ref: row.ref,
            id: row.id,
            type: row.type,
            unit: row.unit,
            factorId: row.factor_id,
            factorCategoryRef: row.factor_category_ref,
          });
        }
      },
    };
  }

  async companyId(ref: number): Promise<string | undefined> {
    const found = await this.#db.query<{ id: string }>("SELECT id FROM companies WHERE ref = $1", [
      ref,
    ]);
    return found.rows[0]?.id;
  }
}
