/**
 * The consolidation arithmetic of an organization limit, each case worked out by hand from the
 * factor library's Spanish 2024 rows (fixtures/factors/emission-factors.csv):
 * - natural gas 0.182 kgCO2e/kWh (line 131, MITECO Calculadora V31, sheet '10. Factores de
 *   emisión' row 10, 2024); location- and market-based alike (scope 1);
 * - electricity location-based 0.125 kgCO2e/kWh (line 214, EEA generation intensity, Spain 2024)
 *   and market-based 0.283 kgCO2e/kWh (line 139, MITECO "Mix sin GdO" 2024).
 */
import { describe, expect, it } from "vitest";
import {
  type BoundaryFigures,
  computeConsolidation,
  type Figures,
  type LimitTerms,
} from "../../../src/core/consolidation.js";

const PARENT = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const SUB_A = "0a1b2c3d-1111-4222-8333-444455556661";
const SUB_B = "0a1b2c3d-1111-4222-8333-444455556662";
const DEPOT = "9f8e7d6c-1111-4222-8333-444455556661";
const PLANT = "9f8e7d6c-1111-4222-8333-444455556662";

/** kWh of natural gas and of grid electricity, as kgCO2e by the rows above. */
function burnt(gasKWh: number, electricityKWh = 0): Figures {
  const gas = gasKWh * 0.182;
  return {
    co2e: gas + electricityKWh * 0.125,
    co2eMarketBased: gas + electricityKWh * 0.283,
    byScope: { 1: gas, 2: electricityKWh * 0.125, 3: 0 },
    awaitingFactor: 0,
  };
}

const members: LimitTerms["members"] = [
  { kind: "company", id: SUB_A, sharePercent: 60 },
  { kind: "company", id: SUB_B, sharePercent: 100 },
  { kind: "building", id: DEPOT, sharePercent: 50 },
  { kind: "building", id: PLANT, sharePercent: 50 },
];

const limit = (approach: LimitTerms["approach"]): LimitTerms => ({
  id: "5d0c1e2f-1111-4222-8333-444455556666",
  companyId: PARENT,
  name: "FY2024",
  approach,
  periodFrom: "2024-01-01",
  periodTo: "2024-12-31",
  members,
});

// The parent: HQ 1000 kWh gas + 1000 kWh electricity, Plant (its own, a member at 50 %) 500 kWh gas.
// Sub A 2000 kWh gas; Sub B 3000 kWh gas; the Depot (another company's) 4000 kWh gas.
const figures: BoundaryFigures = {
  parent: burnt(1500, 1000),
  members: new Map([
    [SUB_A.toLowerCase(), burnt(2000)],
    [SUB_B.toLowerCase(), burnt(3000)],
    [DEPOT.toLowerCase(), burnt(4000)],
    [PLANT.toLowerCase(), burnt(500)],
  ]),
  parentBuildings: new Set([PLANT.toLowerCase()]),
};

describe("computeConsolidation", () => {
  it.each([
    {
      approach: "equity_share" as const,
      // parent own = (1500 − 500) × 0.182 + 1000 × 0.125 = 182 + 125 = 307 (market 182 + 283 = 465)
      // Sub A 2000 × 0.182 = 364 × 60 % = 218.4; Sub B 3000 × 0.182 = 546 × 100 % = 546
      // Depot 4000 × 0.182 = 728 × 50 % = 364; Plant 500 × 0.182 = 91 × 50 % = 45.5
      applied: [100, 60, 100, 50, 50],
      consolidated: [307, 218.4, 546, 364, 45.5],
      // 307 + 218.4 + 546 + 364 + 45.5 = 1480.9; market 465 + 218.4 + 546 + 364 + 45.5 = 1638.9
      total: 1480.9,
      totalMarket: 1638.9,
      // scope 1: 182 + 218.4 + 546 + 364 + 45.5 = 1355.9; scope 2: 125
      scope1: 1355.9,
      scope2: 125,
    },
    {
      approach: "operational_control" as const,
      // every member whole: 307 + 364 + 546 + 728 + 91 = 2036; market 465 + 364 + 546 + 728 + 91 = 2194
      applied: [100, 100, 100, 100, 100],
      consolidated: [307, 364, 546, 728, 91],
      total: 2036,
      totalMarket: 2194,
      // scope 1: 182 + 364 + 546 + 728 + 91 = 1911
      scope1: 1911,
      scope2: 125,
    },
    {
      approach: "financial_control" as const,
      applied: [100, 100, 100, 100, 100],
      consolidated: [307, 364, 546, 728, 91],
      total: 2036,
      totalMarket: 2194,
      scope1: 1911,
      scope2: 125,
    },
  ])("$approach", ({ approach, applied, consolidated, total, totalMarket, scope1, scope2 }) => {
    const result = computeConsolidation(limit(approach), figures);
    expect(result.limit).toEqual({
      id: "5d0c1e2f-1111-4222-8333-444455556666",
      companyId: PARENT,
      name: "FY2024",
      approach,
      periodFrom: "2024-01-01",
      periodTo: "2024-12-31",
    });
    expect(result.rows.map((row) => [row.kind, row.id, row.role])).toEqual([
      ["company", PARENT, "parent"],
      ["company", SUB_A, "member"],
      ["company", SUB_B, "member"],
      ["building", DEPOT, "member"],
      ["building", PLANT, "member"],
    ]);
    expect(result.rows.map((row) => row.appliedPercent)).toEqual(applied);
    result.rows.forEach((row, index) => {
      expect(row.consolidatedCo2e).toBeCloseTo(consolidated[index] ?? Number.NaN, 9);
    });
    expect(result.totals.co2e).toBeCloseTo(total, 9);
    expect(result.totals.co2eMarketBased).toBeCloseTo(totalMarket, 9);
    expect(result.totals.byScope[1]).toBeCloseTo(scope1, 9);
    expect(result.totals.byScope[2]).toBeCloseTo(scope2, 9);
    expect(result.totals.byScope[3]).toBe(0);
  });

  it("a limit without members is the company's own emissions", () => {
    const result = computeConsolidation(
      { ...limit("equity_share"), members: [] },
      { parent: burnt(1000), members: new Map(), parentBuildings: new Set() },
    );
    // 1000 × 0.182 = 182
    expect(result.rows).toHaveLength(1);
    expect(result.totals.co2e).toBeCloseTo(182, 9);
  });

  it("counts the awaiting-factor emissions of the members it takes", () => {
    const awaiting = { ...burnt(0), awaitingFactor: 2 };
    const result = computeConsolidation(
      { ...limit("equity_share"), members: [{ kind: "company", id: SUB_A, sharePercent: 10 }] },
      {
        parent: burnt(0),
        members: new Map([[SUB_A.toLowerCase(), awaiting]]),
        parentBuildings: new Set(),
      },
    );
    expect(result.totals.awaitingFactor).toBe(2);
  });
});
