/**
 * The regos dashboard (docs/certificates.md#the-dashboard): a company's electricity per building
 * and supply point, with what certificates cover, in a period shared out by day as every
 * emissions summary shares it. Its figures are the bills' direct (scope 2) lines: a bill across
 * two calendar years counts each year's part with that year's factors.
 */
import { notFound, usageError } from "../core/errors.js";
import type { Page } from "../core/model/common.js";
import type { RegosQuery, RegosRow } from "../core/model/regos-dashboard.js";
import { pageOfList } from "../core/pagination.js";
import { type DateWindow, windowShare } from "../engine/proration.js";
import { storedLines } from "../engine/stored-lines.js";
import { convertQuantity } from "../engine/units.js";
import { companyOf } from "./companies.js";
import { RowDecoder } from "./consumption-rows.js";
import type { StoredBuilding, StoreTransaction } from "./store.js";

/** The calculation records consumptions name, as the driver's cache holds them. */

interface Sums {
  buildingRef: number;
  cup: string | null;
  consumedKwh: number;
  coveredKwh: number;
  locationKg: number;
  marketKg: number;
}

/** A supply point as certificates store it: spaces dropped, upper case. */
export function normalCup(cup: string): string {
  return cup.replace(/\s+/g, "").toUpperCase();
}

/**
 * One page of rows, by building name, building id and supply point. The company must exist and
 * the building, when named, be one of its (not_found); the period must not end before it starts.
 */
export async function regosDashboard(
  tx: StoreTransaction,
  query: RegosQuery,
): Promise<Page<RegosRow>> {
  const company = await companyOf(tx, query.companyId);
  let building: StoredBuilding | undefined;
  if (query.buildingId !== undefined) {
    building = await tx.buildings.find(query.buildingId.toLowerCase());
    if (building === undefined) throw notFound("building", query.buildingId);
    if (building.companyRef !== company.ref) {
      throw notFound("building", `${building.id} of company ${company.id}`);
    }
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
  const electricity = await tx.regos.electricity(company.ref, from, to);
  // The rows' calculation records, read in one call.
  const calculations = new RowDecoder(
    await tx.consumptionReads.references(),
    await tx.consumptionReads.calculations(electricity.map((row) => row.calculationRef)),
  );
  for (const row of electricity) {
    if (!wanted(row.buildingRef, row.cup)) continue;
    const kwh = convertQuantity(row.quantity, row.unit, "kWh");
    const lines = storedLines(calculations.calculation(row.calculationRef), {
      quantity: row.quantity,
      startDate: row.startDate,
      endDate: row.endDate,
      row: {
        co2e: row.co2e,
        co2: null,
        ch4: null,
        n2o: null,
        co2eMarketBased: row.co2eMarketBased,
        convertedQuantity: row.convertedQuantity,
      },
      marketShare: row.uncoveredShare,
    });
    for (const line of lines) {
      if (line.line.kind !== "direct") continue;
      const share = windowShare(line.startDate, line.endDate, window);
      if (share === 0) continue;
      const sum = sumsOf(row.buildingRef, row.cup);
      sum.consumedKwh += (kwh.ok ? kwh.value : 0) * line.share * share;
      sum.coveredKwh += (row.coveredKwh ?? 0) * line.share * share;
      sum.locationKg += (line.figures.co2e ?? 0) * share;
      sum.marketKg += (line.figures.co2eMarketBased ?? 0) * share;
    }
  }
  for (const point of await tx.regos.certified(company.ref, from, to)) {
    if (wanted(point.buildingRef, point.cup)) sumsOf(point.buildingRef, point.cup);
  }
  const names = new Map((await tx.regos.buildings(company.ref)).map((b) => [b.ref, b]));
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
