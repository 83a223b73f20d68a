/**
 * Every factor of the shipped library can be selected by some consumption: for each row, a
 * subcategory of the real tree (categories.csv, fleet, generated) and a country, year and unit
 * for which the real resolver (src/engine/resolve.ts) returns that row. Rows the resolver cannot
 * select are listed in PENDING with the reason; the list must be exact, so when work makes them
 * selectable the test fails until its entry is removed.
 */
import { describe, expect, it } from "vitest";
import type { EmissionFactor } from "../../../src/core/model/factor.js";
import { isDerivedLineKey } from "../../../src/engine/library-categories.js";
import { resolveFactors } from "../../../src/engine/resolve.js";
import { findUnit } from "../../../src/engine/units.js";
import { wttCategories } from "../../../src/shipped/categories.js";
import { factors, index, library, tree } from "./library.js";

const slot = (f: EmissionFactor): string =>
  [f.key, f.country ?? "", f.year, f.unit, f.scope].join("|");
const grossSlots = new Set(factors.filter((f) => f.calorificBasis === "gross").map(slot));
const ar5Keys = new Set(
  factors.filter((f) => f.country === null && f.gwpSet === "AR5").map((f) => f.key),
);
/** Rows that were pending before calc-resolve: net-CV twins of gross rows, AR6 gases with an AR5 row. */
const netTwins = factors.filter((f) => f.calorificBasis === "net" && grossSlots.has(slot(f)));
const ar6Gases = factors.filter(
  (f) => f.country === null && f.gwpSet === "AR6" && ar5Keys.has(f.key),
);

const subcategoriesOf = new Map<string, typeof tree>();
for (const c of tree) {
  if (c.level !== "subcategory") continue;
  for (const key of [c.factorKey, c.marketFactorKey]) {
    if (key !== null) subcategoriesOf.set(key, [...(subcategoriesOf.get(key) ?? []), c]);
  }
}

/**
 * Rows no consumption selects, and why: none. Net-CV twins (selected by a unit on the net heating
 * value, `kWh_ncv`) and AR6 gases (selected in an AR6 database) are checked like every other row
 * below, and so is the well-to-tank of every fuel (a derived subcategory of wtt-categories.csv
 * whose line the fuel's consumptions get by wtt-lines.csv, or the subcategory of an upstream-only
 * ADEME element, recorded directly).
 */
const PENDING: readonly {
  readonly why: string;
  readonly covers: (f: EmissionFactor) => boolean;
}[] = [];

/**
 * The subcategory code that selects the row with its own country, year and unit, if any: the
 * unit on the row's heating value (`kWh_ncv` for a net-CV row: plain kWh is gross), in a
 * database of the row's GWP set (an AR6 gas row in an AR6 database).
 */
function selectorOf(row: EmissionFactor): string | undefined {
  const unit =
    row.calorificBasis === "net" && findUnit(row.unit)?.dimension === "energy"
      ? `${row.unit}_ncv`
      : row.unit;
  const gwpSet = row.gwpSet === "AR6" ? "AR6" : "AR5";
  for (const category of subcategoriesOf.get(row.key) ?? []) {
    if (category.scope !== row.scope) continue;
    const resolution = resolveFactors({
      category,
      country: row.country,
      year: row.year,
      unit,
      customFactors: [],
      index,
      gwpSet,
    });
    if (resolution.location?.factorId === row.id || resolution.market?.factorId === row.id) {
      return category.code;
    }
  }
  return undefined;
}

const unreachable = factors.filter((row) => selectorOf(row) === undefined);

describe("every factor of the library is selectable", () => {
  it("selects each row but the pending ones with the real resolver and category tree", () => {
    const unexplained = unreachable
      .filter((row) => !PENDING.some((p) => p.covers(row)))
      .map((row) => `${slot(row)} ${row.source}`);
    expect(unexplained).toEqual([]);
  });

  it.each(PENDING.map((p) => [p.why, p] as const))("pending exactly: %s", (_why, pending) => {
    const covered = factors.filter((row) => pending.covers(row));
    // When the work lands these become selectable: remove the entry then.
    expect(covered.filter((row) => selectorOf(row) !== undefined).map(slot)).toEqual([]);
    expect(covered.length).toBeGreaterThan(0);
  });

  it("selects the well-to-tank rows no subcategory selected before (101 keys, GB and FR)", () => {
    // The rows of the category 3 keys that only wtt-categories.csv's subcategories select.
    const generated = new Set(wttCategories().map((c) => c.factorKey));
    const rows = factors.filter((f) => isDerivedLineKey(f) && generated.has(f.key));
    expect([generated.size, rows.length]).toEqual([101, 480]);
    expect(new Set(rows.map((f) => f.country))).toEqual(new Set(["GB", "FR"]));
    expect(rows.filter((row) => selectorOf(row) === undefined).map(slot)).toEqual([]);
  });

  it("selects the net-CV twin of a gross row by a net unit, and an AR6 gas in an AR6 database", () => {
    expect(netTwins.length).toBeGreaterThan(0);
    expect(ar6Gases.length).toBeGreaterThan(0);
    const unselected = [...netTwins, ...ar6Gases].filter(
      (row) => selectorOf(row) === undefined && !PENDING.some((p) => p.covers(row)),
    );
    expect(unselected.map(slot)).toEqual([]);
  });

  it("selects all of the base file's rows the issue found unreachable", () => {
    // US EPA travel and freight, the no-RF flights, incineration routes, the AR6 refrigerants
    // (in an AR6 database): each resolves to itself from its subcategory.
    for (const key of [
      "refrigerant_r410a",
      "car_average_mile",
      "bus_pmile",
      "rail_intercity_pmile",
      "flight_long_haul_pmile",
      "hgv_diesel_tmile",
      "air_freight_tmile",
      "flight_long_haul_business_norf_pkm",
      "air_freight_domestic_norf_tkm",
      "waste_incineration_food",
      "waste_incineration_household_residual",
      "electricity_grid_lifecycle",
      "coal_bituminous",
    ]) {
      const rows = factors.filter((f) => f.key === key);
      expect(rows.length, key).toBeGreaterThan(0);
      for (const row of rows) expect(selectorOf(row), slot(row)).toBeDefined();
    }
  });

  it("accounts for every row of the files that is not a factor", () => {
    // 258 + 6,468 rows + gwp-ar5.csv's 2 = 6,566 factors + 162 accounted rows (library-build.test.ts).
    expect(factors.length + library.accounted.length).toBe(258 + 6468 + 2);
    expect(unreachable.length).toBe(
      factors.filter((row) => PENDING.some((p) => p.covers(row))).length,
    );
  });
});
