/**
 * Every factor of the shipped library can be selected by some consumption: for each row, a
 * subcategory of the real tree (categories.csv, fleet, generated) and a country, year and unit
 * for which the real resolver (src/engine/resolve.ts) returns that row. Rows the resolver cannot
 * select yet are listed in PENDING with who makes them selectable; the list must be exact, so
 * when that work lands the test fails until its entry is removed.
 */
import { describe, expect, it } from "vitest";
import type { EmissionFactor } from "../../../src/core/model/factor.js";
import { isDerivedLineKey } from "../../../src/engine/library-categories.js";
import { resolveFactors } from "../../../src/engine/resolve.js";
import { factors, index, library, tree } from "./library.js";

const slot = (f: EmissionFactor): string =>
  [f.key, f.country ?? "", f.year, f.unit, f.scope].join("|");
const grossSlots = new Set(factors.filter((f) => f.calorificBasis === "gross").map(slot));
const ar5Keys = new Set(
  factors.filter((f) => f.country === null && f.gwpSet === "AR5").map((f) => f.key),
);

const subcategoriesOf = new Map<string, typeof tree>();
for (const c of tree) {
  if (c.level !== "subcategory") continue;
  for (const key of [c.factorKey, c.marketFactorKey]) {
    if (key !== null) subcategoriesOf.set(key, [...(subcategoriesOf.get(key) ?? []), c]);
  }
}

/** Rows no consumption selects yet, and whose work selects them. Extend when work lands. */
const PENDING: readonly {
  readonly why: string;
  readonly covers: (f: EmissionFactor) => boolean;
}[] = [
  {
    why: "net-CV twin of a gross-CV row: selected once calc-resolve tracks the calorific basis of a consumption",
    covers: (f) => f.calorificBasis === "net" && grossSlots.has(slot(f)),
  },
  {
    why: "AR6 GWP of a gas that also has an AR5 row: selected in an AR6 database (calc-resolve's GWP set)",
    covers: (f) => f.country === null && f.gwpSet === "AR6" && ar5Keys.has(f.key),
  },
  {
    why: "scope 3 category 3 line that calc-lines derives from an energy consumption (its own subcategories)",
    covers: (f) => isDerivedLineKey(f) && !subcategoriesOf.has(f.key),
  },
];

/** The subcategory code that selects the row with its own country, year and unit, if any. */
function selectorOf(row: EmissionFactor): string | undefined {
  for (const category of subcategoriesOf.get(row.key) ?? []) {
    if (category.scope !== row.scope) continue;
    const resolution = resolveFactors({
      category,
      country: row.country,
      year: row.year,
      unit: row.unit,
      customFactors: [],
      index,
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

  it("selects all of the base file's rows the issue found unreachable", () => {
    // US EPA travel and freight, the no-RF flights, incineration routes (AR6 refrigerants wait
    // for the GWP set): each resolves to itself from its subcategory.
    for (const key of [
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
    // 258 + 6,468 rows = 6,564 factors + 162 accounted rows (library-build.test.ts).
    expect(factors.length + library.accounted.length).toBe(258 + 6468);
    expect(unreachable.length).toBe(
      factors.filter((row) => PENDING.some((p) => p.covers(row))).length,
    );
  });
});
