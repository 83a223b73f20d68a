/**
 * The regos dashboard on the local engine (docs/certificates.md#the-dashboard): a company's
 * electricity per building and supply point, with what certificates cover, in a period shared
 * out by day as every emissions summary shares it. Its figures are the bills' direct (scope 2)
 * lines: a bill across two calendar years counts each year's part with that year's factors.
 */
import { notFound, usageError } from "../../core/errors.js";
import type { Page } from "../../core/model/common.js";
import type { RegosQuery, RegosRow } from "../../core/model/regos-dashboard.js";
import { pageOfList } from "../../core/pagination.js";
import { type DateWindow, windowShare } from "../../engine/proration.js";
import { storedLines } from "../../engine/stored-lines.js";
import { convertQuantity } from "../../engine/units.js";
import type { BuildingRepository } from "../../store/sqlite/buildings.js";
import type { CompanyRepository } from "../../store/sqlite/companies.js";
import type { Db } from "../../store/sqlite/database.js";
import { lazy } from "../../store/sqlite/lazy.js";
import { MARKET_FIGURE, UNCOVERED_SHARE } from "./certificate-cover.js";
import type { RefCache } from "./ref-cache.js";

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

interface Sums {
  buildingRef: number;
  cup: string | null;
  consumedKwh: number;
  coveredKwh: number;
  locationKg: number;
  marketKg: number;
}

const DAY_MS = 86_400_000;

/** A supply point as certificates store it: spaces dropped, upper case. */
export function normalCup(cup: string): string {
  return cup.replace(/\s+/g, "").toUpperCase();
}

export class RegosDashboard {
  readonly #companies: CompanyRepository;
  readonly #buildings: BuildingRepository;
  readonly #consumptions;
  readonly #certificates;
  readonly #names;
  readonly #refs: RefCache;

  constructor(db: Db, companies: CompanyRepository, buildings: BuildingRepository, refs: RefCache) {
    this.#companies = companies;
    this.#buildings = buildings;
    this.#refs = refs;
    // The market figure as every read gives it (rows.ts): covered kWh left out.
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
      db.prepare<[number], { ref: number; id: string; name: string }>(
        "SELECT ref, id, name FROM buildings WHERE company_ref = ?",
      ),
    );
  }

  page(query: RegosQuery): Page<RegosRow> {
    const company = this.#companies.get(query.companyId);
    const building =
      query.buildingId === undefined ? undefined : this.#buildings.get(query.buildingId);
    if (building !== undefined && building.companyRef !== company.ref) {
      throw notFound("building", `${building.id} of company ${company.id}`);
    }
    const from = query.startDate ?? "0001-01-01";
    const to = query.endDate ?? "9999-12-31";
    if (to < from) throw usageError(`endDate ${to} is before startDate ${from}`);
    const window: DateWindow = { from: query.startDate, to: query.endDate };
    const cup = query.cup === undefined ? undefined : normalCup(query.cup);
    const wanted = (buildingRef: number, rowCup: string | null) =>
      (building === undefined || building.ref === buildingRef) &&
      (cup === undefined || rowCup === cup);
    const sums = new Map<string, Sums>();
    const sumsOf = (buildingRef: number, rowCup: string | null): Sums => {
      const key = `${buildingRef}|${rowCup ?? ""}`;
      let found = sums.get(key);
      if (found === undefined) {
        found = {
          buildingRef,
          cup: rowCup,
          consumedKwh: 0,
          coveredKwh: 0,
          locationKg: 0,
          marketKg: 0,
        };
        sums.set(key, found);
      }
      return found;
    };
    const before = Date.parse(`${to}T00:00:00.000Z`) + DAY_MS;
    const after = Date.parse(`${from}T00:00:00.000Z`);
    this.#refs.ensure();
    for (const raw of this.#consumptions().all(company.ref, Math.min(before, 8.64e15), after)) {
      // A parsed boundary: the column list above decides the tuple's shape.
      const row = raw as Row;
      const [buildingRef, start, end, quantity, unit, co2e, market, covered, rowCup] = row;
      if (!wanted(buildingRef, rowCup)) continue;
      const kwh = convertQuantity(quantity, unit, "kWh");
      const lines = storedLines(this.#refs.calculation(row[10]), {
        quantity,
        startDate: new Date(start).toISOString(),
        endDate: new Date(end).toISOString(),
        row: {
          co2e,
          co2: null,
          ch4: null,
          n2o: null,
          co2eMarketBased: market,
          convertedQuantity: row[9],
        },
        marketShare: row[11],
      });
      for (const line of lines) {
        if (line.line.kind !== "direct") continue;
        const share = windowShare(line.startDate, line.endDate, window);
        if (share === 0) continue;
        const sum = sumsOf(buildingRef, rowCup);
        sum.consumedKwh += (kwh.ok ? kwh.value : 0) * line.share * share;
        sum.coveredKwh += (covered ?? 0) * line.share * share;
        sum.locationKg += (line.figures.co2e ?? 0) * share;
        sum.marketKg += (line.figures.co2eMarketBased ?? 0) * share;
      }
    }
    for (const row of this.#certificates().all(company.ref, to, from)) {
      if (wanted(row.building_ref, row.cup)) sumsOf(row.building_ref, row.cup);
    }
    const names = new Map(
      this.#names()
        .all(company.ref)
        .map((b) => [b.ref, b]),
    );
    const rows: RegosRow[] = [...sums.values()].map((sum) => {
      const named = names.get(sum.buildingRef);
      return {
        buildingId: named?.id ?? "",
        buildingName: named?.name ?? "",
        cup: sum.cup,
        consumedKwh: sum.consumedKwh,
        coveredKwh: sum.coveredKwh,
        coveragePercent: sum.consumedKwh > 0 ? (sum.coveredKwh / sum.consumedKwh) * 100 : null,
        locationKg: sum.locationKg,
        marketKg: sum.marketKg,
      };
    });
    rows.sort(
      (a, b) =>
        a.buildingName.localeCompare(b.buildingName) ||
        a.buildingId.localeCompare(b.buildingId) ||
        (a.cup ?? "").localeCompare(b.cup ?? ""),
    );
    return pageOfList(rows, query);
  }
}
