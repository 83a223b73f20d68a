/**
 * What an import session's overlap check reads on PostgreSQL (src/rules/overlaps.ts): one scan
 * of a company's stored consumptions as the check keys them, read a batch at a time on
 * consumptions_by_company (keyset: never the whole company held, by the store or the driver), and
 * stored records by key (`ref`) or id, read in one statement per batch and decoded by the
 * decoder the store is given (decoding a row is the rules').
 */
import type { Consumption } from "../../core/model/consumption.js";
import type {
  ConsumptionReadRow,
  OverlapTable,
  OverlapVisit,
  RowReferences,
} from "../../rules/store.js";
import type { PostgresConsumptionReads } from "./consumption-reads.js";
import type { PostgresRowReferences } from "./row-references.js";
import type { Queryable } from "./transactions.js";

const DAY_MS = 86_400_000;
/** Rows a batch of the scan reads. */
const SCAN_BATCH = 5000;

/** How a stored row is read as a consumption record, given what its keys stand for. */
export type ConsumptionDecoder = (
  references: RowReferences,
) => (row: ConsumptionReadRow) => Consumption;

type ScanRow = [
  ref: number,
  id: string,
  buildingRef: number,
  categoryRef: number,
  entityId: string,
  startDate: number,
  endDate: number,
];

export class PostgresOverlaps implements OverlapTable {
  readonly #db: Queryable;
  readonly #reads: PostgresConsumptionReads;
  readonly #references: PostgresRowReferences;
  readonly #decoder: ConsumptionDecoder;
  readonly #scanBatch: number;

  constructor(
    db: Queryable,
    reads: PostgresConsumptionReads,
    references: PostgresRowReferences,
    decoder: ConsumptionDecoder,
    /** Rows a batch of the scan reads (fewer in tests, to read many batches of a few rows). */
    scanBatch = SCAN_BATCH,
  ) {
    this.#db = db;
    this.#reads = reads;
    this.#references = references;
    this.#decoder = decoder;
    this.#scanBatch = scanBatch;
  }

  async scan(
    companyRef: number,
    size: (count: number) => void,
    visit: OverlapVisit,
  ): Promise<void> {
    const counted = await this.#db.query<{ count: number }>(
      "SELECT count(*) AS count FROM consumptions WHERE company_ref = $1",
      [companyRef],
    );
    size(Number(counted.rows[0]?.count ?? 0));
    const columns = "ref, id, building_ref, category_ref, entity_id, start_date, end_date";
    let after: [number, number] | undefined;
    for (;;) {
      const found = await this.#db.query<ScanRow>({
        text:
          after === undefined
            ? `SELECT ${columns} FROM consumptions WHERE company_ref = $1
               ORDER BY start_date, ref LIMIT ${this.#scanBatch}`
            : `SELECT ${columns} FROM consumptions
               WHERE company_ref = $1 AND (start_date, ref) > ($2::bigint, $3::bigint)
               ORDER BY start_date, ref LIMIT ${this.#scanBatch}`,
        values: after === undefined ? [companyRef] : [companyRef, ...after],
        rowMode: "array",
      });
      for (const [ref, id, buildingRef, categoryRef, entityId, start, end] of found.rows) {
        visit(
          ref,
          id,
          buildingRef,
          categoryRef,
          entityId,
          Math.floor(start / DAY_MS),
          Math.floor(end / DAY_MS),
        );
      }
      const last = found.rows.at(-1);
      if (last === undefined || found.rows.length < this.#scanBatch) return;
      after = [last[5], last[0]];
    }
  }

  /** The decoder of rows read (what their keys name is read with them). */
  async #decode(): Promise<(row: ConsumptionReadRow) => Consumption> {
    await this.#references.load();
    return this.#decoder(this.#references);
  }

  async atKeys(keys: readonly number[]): Promise<ReadonlyMap<number, Consumption>> {
    const rows = await this.#reads.atRefs(keys);
    const decode = await this.#decode();
    return new Map(rows.map((row) => [row[18], decode(row)]));
  }

  async byIds(ids: readonly string[]): Promise<ReadonlyMap<string, Consumption>> {
    const rows = await this.#reads.byIds(ids.map((id) => id.toLowerCase()));
    const decode = await this.#decode();
    const byId = new Map(rows.map((row) => [row[0], decode(row)]));
    // Keyed as asked.
    const found = new Map<string, Consumption>();
    for (const id of ids) {
      const record = byId.get(id.toLowerCase());
      if (record !== undefined) found.set(id, record);
    }
    return found;
  }
}
