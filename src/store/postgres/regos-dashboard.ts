/**
 * What the regos dashboard reads in PostgreSQL (docs/certificates.md#the-dashboard): a company's
 * electricity in a period with what certificates cover, its certificates' supply points, and
 * its buildings' names, as the SQLite store reads them. The sums are the rule's
 * (src/rules/regos-dashboard.ts).
 */
import type {
  RegosBuilding,
  RegosConsumption,
  RegosSupplyPoint,
  RegosTable,
} from "../../rules/store.js";
import { ELECTRICITY, MARKET_FIGURE, UNCOVERED_SHARE } from "./certificate-cover.js";
import type { Queryable } from "./transactions.js";

interface Row {
  building_ref: number;
  start_date: number;
  end_date: number;
  quantity: number;
  unit: string;
  co2e: number | null;
  market: number | null;
  covered_kwh: number | null;
  cup: string | null;
  converted_quantity: number | null;
  provenance_ref: number | null;
  uncovered: number;
}

const DAY_MS = 86_400_000;
/** The last instant a Date holds (ms). */
const LATEST = 8.64e15;

export class PostgresRegos implements RegosTable {
  readonly #db: Queryable;

  constructor(db: Queryable) {
    this.#db = db;
  }

  async electricity(companyRef: number, from: string, to: string): Promise<RegosConsumption[]> {
    const before = Date.parse(`${to}T00:00:00.000Z`) + DAY_MS;
    const after = Date.parse(`${from}T00:00:00.000Z`);
    // The market figure as every read gives it: covered kWh left out.
    const found = await this.#db.query<Row>(
      `SELECT c.building_ref, c.start_date, c.end_date, c.quantity, c.unit, c.co2e,
         ${MARKET_FIGURE} AS market, c.covered_kwh, replace(upper(i.cup), ' ', '') AS cup,
         c.converted_quantity, c.provenance_ref, ${UNCOVERED_SHARE} AS uncovered
       FROM consumptions c
       LEFT JOIN invoices i ON i.company_ref = c.company_ref AND i.id::text = c.entity_id
       WHERE c.company_ref = $1 AND c.category_ref = ${ELECTRICITY}
         AND c.start_date < $2 AND c.end_date >= $3`,
      [companyRef, Math.min(before, LATEST), after],
    );
    return found.rows.map((row) => ({
      buildingRef: row.building_ref,
      startDate: new Date(row.start_date).toISOString(),
      endDate: new Date(row.end_date).toISOString(),
      quantity: row.quantity,
      unit: row.unit,
      co2e: row.co2e,
      co2eMarketBased: row.market,
      coveredKwh: row.covered_kwh,
      cup: row.cup,
      convertedQuantity: row.converted_quantity,
      calculationRef: row.provenance_ref,
      uncoveredShare: row.uncovered,
    }));
  }

  async certified(companyRef: number, from: string, to: string): Promise<RegosSupplyPoint[]> {
    const found = await this.#db.query<{ building_ref: number; cup: string | null }>(
      `SELECT DISTINCT building_ref, cup FROM certificates
       WHERE company_ref = $1 AND period_from <= $2 AND period_to >= $3`,
      [companyRef, to, from],
    );
    return found.rows.map((row) => ({ buildingRef: row.building_ref, cup: row.cup }));
  }

  async buildings(companyRef: number): Promise<RegosBuilding[]> {
    const found = await this.#db.query<RegosBuilding>(
      "SELECT ref, id, name FROM buildings WHERE company_ref = $1",
      [companyRef],
    );
    return found.rows;
  }
}
