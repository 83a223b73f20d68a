/**
 * What the regos dashboard reads in SQLite (docs/certificates.md#the-dashboard): a company's
 * electricity in a period with what certificates cover, its certificates' supply points, and
 * its buildings' names. The sums are the rule's (src/rules/regos-dashboard.ts).
 */
import type {
  RegosBuilding,
  RegosConsumption,
  RegosSupplyPoint,
  RegosTable,
} from "../../rules/store.js";
import { MARKET_FIGURE, UNCOVERED_SHARE } from "./certificate-cover.js";
import type { Db } from "./database.js";
import { lazy } from "./lazy.js";

type Row = [
  buildingRef: number,
  startDate: number,
  endDate: number,
  quantity: number,
  unit: string,
  co2e: number | null,
  market: number | null,
  coveredKwh: number | null,
  cup: string | null,
  convertedQuantity: number | null,
  calculationRef: number | null,
  uncoveredShare: number,
];

const DAY_MS = 86_400_000;

export class RegosRepository implements RegosTable {
  readonly #consumptions;
  readonly #certificates;
  readonly #names;

  constructor(db: Db) {
    // The market figure as every read gives it (consumption-reads.ts): covered kWh left out.
    this.#consumptions = lazy(() =>
      db
        .prepare<[number, number, number], unknown>(
          `SELECT c.building_ref, c.start_date, c.end_date, c.quantity, c.unit, c.co2e,
                ${MARKET_FIGURE}, c.covered_kwh,
                replace(upper(i.cup), ' ', ''), c.converted_quantity, c.provenance_ref,
                ${UNCOVERED_SHARE}
           FROM consumptions c LEFT JOIN invoices i ON i.id = c.entity_id
          WHERE c.company_ref = ?
            AND c.category_ref = (SELECT ref FROM categories WHERE code = 'electricity')
            AND c.start_date < ? AND c.end_date >= ?`,
        )
        .raw(true),
    );
    this.#certificates = lazy(() =>
      db.prepare<[number, string, string], { building_ref: number; cup: string | null }>(
        `SELECT DISTINCT building_ref, cup FROM certificates
        WHERE company_ref = ? AND period_from <= ? AND period_to >= ?`,
      ),
    );
    this.#names = lazy(() =>
      db.prepare<[number], RegosBuilding>(
        "SELECT ref, id, name FROM buildings WHERE company_ref = ?",
      ),
    );
  }

  electricity(companyRef: number, from: string, to: string): RegosConsumption[] {
    const before = Date.parse(`${to}T00:00:00.000Z`) + DAY_MS;
    const after = Date.parse(`${from}T00:00:00.000Z`);
    return this.#consumptions()
      .all(companyRef, Math.min(before, 8.64e15), after)
      .map((raw) => {
        // A parsed boundary: the column list above decides the tuple's shape.
        const row = raw as Row;
        return {
          buildingRef: row[0],
          startDate: new Date(row[1]).toISOString(),
          endDate: new Date(row[2]).toISOString(),
          quantity: row[3],
          unit: row[4],
          co2e: row[5],
          co2eMarketBased: row[6],
          coveredKwh: row[7],
          cup: row[8],
          convertedQuantity: row[9],
          calculationRef: row[10],
          uncoveredShare: row[11],
        };
      });
  }

  certified(companyRef: number, from: string, to: string): RegosSupplyPoint[] {
    return this.#certificates()
      .all(companyRef, to, from)
      .map((row) => ({ buildingRef: row.building_ref, cup: row.cup }));
  }

  buildings(companyRef: number): RegosBuilding[] {
    return this.#names().all(companyRef);
  }
}
