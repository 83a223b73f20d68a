import { describe, expect, it } from "vitest";
import type { Emission, GroupKey } from "../../../src/core/model/emission.js";
import type { GwpSet } from "../../../src/core/model/factor.js";
import {
  type CategoryInfo,
  createConsumptionSummarizer,
  createEmissionSummarizer,
  type SummaryLookups,
  type SummaryWindow,
} from "../../../src/engine/summary.js";
import { categories, category } from "./library.js";

const LEEDS = "11111111-1111-4111-8111-111111111111";
const BILBAO = "22222222-2222-4222-8222-222222222222";
const COMPANY = "0b6f8c5e-9a51-4d2b-8d7e-3f1a2b3c4d5e";

const lookups: SummaryLookups = {
  category(id) {
    const sub = categories.find((c) => c.id === id);
    const parent = categories.find((c) => c.id === sub?.parentId);
    if (sub === undefined || parent === undefined) return undefined;
    const info: CategoryInfo = {
      code: sub.code,
      name: sub.name,
      scope: sub.scope,
      parentCode: parent.code,
      parentName: parent.name,
      defaultUnit: sub.defaultUnit,
    };
    return info;
  },
  buildingName: (id) => ({ [LEEDS]: "Leeds office", [BILBAO]: "Bilbao plant" })[id],
};

let emissionCount = 0;
function emission(
  code: string,
  buildingId: string,
  start: string,
  end: string,
  co2e: number | null,
  co2eMarketBased: number | null = null,
  biogenicCo2: number | null = null,
): Emission {
  emissionCount += 1;
  const cat = category(code);
  return {
    id: `00000000-0000-4000-8000-${String(emissionCount).padStart(12, "0")}`,
    consumptionId: `00000000-0000-4000-9000-${String(emissionCount).padStart(12, "0")}`,
    companyId: COMPANY,
    buildingId,
    categoryId: cat.id,
    scope: cat.scope,
    startDate: `${start}T00:00:00.000Z`,
    endDate: `${end}T00:00:00.000Z`,
    co2e,
    co2: null,
    ch4: null,
    n2o: null,
    co2eMarketBased,
    factorId: null,
    factorSource: null,
    factorYear: null,
    status: co2e === null ? "awaiting_factor" : "calculated",
    quantity: 1,
    unit: "kWh",
    convertedQuantity: null,
    factorUnit: null,
    factorValue: null,
    resolution: null,
    gwpSet: null,
    geography: null,
    // null: read as a server that does not say (the market-based figure, else the location-based one)
    marketStatus: null,
    marketFactorId: null,
    marketBasis: null,
    marketResolution: null,
    marketGeography: null,
    marketFactorYear: null,
    marketGwpSet: null,
    line: "direct",
    biogenicCo2,
    factorLibraryVersion: null,
  };
}

// Round figures so shares are easy to follow: the electricity bill covers 31 days, 10 kg a day
// location-based and 20 kg a day market-based.
const rows: Emission[] = [
  emission("electricity", LEEDS, "2024-01-15", "2024-02-14", 310, 620),
  emission("natural_gas", BILBAO, "2024-01-01", "2024-01-31", 100),
  emission("electricity", LEEDS, "2024-02-01", "2024-02-29", null),
  emission("flight_long_haul", LEEDS, "2024-03-10", "2024-03-10", 50),
];

function summarize(
  groupBy: GroupKey[],
  window?: SummaryWindow,
  input: Emission[] = rows,
  gwpSet: GwpSet | null = null,
) {
  const summarizer = createEmissionSummarizer(groupBy, lookups, window, gwpSet);
  for (const row of input) summarizer.add(row);
  return summarizer.result("desnz-2025+test");
}

type Expected = [
  key: Record<string, string>,
  co2e: number,
  market: number,
  count: number,
  awaiting: number,
];

describe("emission summary", () => {
  it.each<[GroupKey[], Expected[]]>([
    // everything: 310 + 100 + 50 = 460 location-based; market-based scope 2 counts 620
    // instead of 310: 620 + 100 + 50 = 770 (the awaiting bill adds nothing to either)
    [[], [[{}, 460, 770, 4, 1]]],
    [
      ["month"],
      [
        // Jan: 17 of the bill's 31 days = 170 (market 340) + the gas 100 in both
        [{ month: "2024-01" }, 270, 440, 2, 0],
        // Feb: 14 days = 140 (market 280) + the awaiting February bill
        [{ month: "2024-02" }, 140, 280, 2, 1],
        [{ month: "2024-03" }, 50, 50, 1, 0],
      ],
    ],
    [
      ["scope", "subcategory"],
      [
        [{ scope: "1", subcategory: "natural_gas" }, 100, 100, 1, 0],
        [{ scope: "2", subcategory: "electricity" }, 310, 620, 2, 1],
        [{ scope: "3", subcategory: "flight_long_haul" }, 50, 50, 1, 0],
      ],
    ],
    [
      // subcategories ordered by scope, then code
      ["category"],
      [
        [{ category: "stationary_combustion" }, 100, 100, 1, 0],
        [{ category: "purchased_electricity" }, 310, 620, 2, 1],
        [{ category: "s3_06_business_travel" }, 50, 50, 1, 0],
      ],
    ],
    [
      // buildings ordered by name: Bilbao before Leeds
      ["building", "year"],
      [
        [{ building: BILBAO, year: "2024" }, 100, 100, 1, 0],
        [{ building: LEEDS, year: "2024" }, 360, 670, 3, 1],
      ],
    ],
    [
      ["year", "month", "scope"],
      [
        [{ year: "2024", month: "2024-01", scope: "1" }, 100, 100, 1, 0],
        [{ year: "2024", month: "2024-01", scope: "2" }, 170, 340, 1, 0],
        [{ year: "2024", month: "2024-02", scope: "2" }, 140, 280, 2, 1],
        [{ year: "2024", month: "2024-03", scope: "3" }, 50, 50, 1, 0],
      ],
    ],
  ])("groups by %j", (groupBy, expected) => {
    const summary = summarize(groupBy);
    expect(summary.groupBy).toEqual(groupBy);
    expect(summary.groups.map((g) => g.key)).toEqual(expected.map(([key]) => key));
    summary.groups.forEach((group, i) => {
      const [, co2e, market, count, awaiting] = expected[i] ?? [{}, Number.NaN, Number.NaN, 0, 0];
      expect(group.co2e).toBeCloseTo(co2e, 9);
      expect(group.co2eMarketBased).toBeCloseTo(market, 9);
      expect([group.count, group.awaitingFactor]).toEqual([count, awaiting]);
    });
  });

  it("labels categories and buildings with their names", () => {
    const [group] = summarize(["subcategory", "category", "building", "scope"]).groups;
    expect(group?.label).toEqual({
      subcategory: "Natural gas",
      category: "Stationary combustion",
      building: "Bilbao plant",
    });
  });

  it("totals: location-based and market-based of every scope, scope 2 market-based alone", () => {
    const summary = summarize(["month"]);
    expect(summary.totals).toEqual({
      co2e: 460,
      co2eMarketBased: 770,
      byScope: { "1": 100, "2": 310, "3": 50 },
      scope2MarketBased: 620,
      count: 4,
      awaitingFactor: 1,
      // the awaiting February bill adds nothing to the market-based total either
      marketAwaitingFactor: 1,
      earlierYear: 0,
      otherGeography: 0,
      proxy: 0,
      gwpNotConverted: 0,
      biogenicCo2: 0,
    });
    expect(summary.factorLibraryVersion).toBe("desnz-2025+test");
  });

  it("clips to a window, prorating by day", () => {
    // February only: 14 of 31 days of the bill = 140 (market 280), plus the awaiting bill
    const summary = summarize([], { from: "2024-02-01", to: "2024-02-29" });
    expect(summary.groups).toHaveLength(1);
    expect(summary.groups[0]?.co2e).toBeCloseTo(140, 9);
    expect(summary.totals.co2e).toBeCloseTo(140, 9);
    expect(summary.totals.co2eMarketBased).toBeCloseTo(280, 9);
    expect(summary.totals.scope2MarketBased).toBeCloseTo(280, 9);
    expect(summary.totals.byScope).toEqual({ "1": 0, "2": summary.totals.co2e, "3": 0 });
    expect([summary.totals.count, summary.totals.awaitingFactor]).toEqual([2, 1]);
  });

  it("counts a scope 2 row without a market-based figure at its location-based one", () => {
    const unpriced = emission("electricity", LEEDS, "2024-04-01", "2024-04-30", 90, null);
    const summary = summarize([], undefined, [unpriced]);
    expect(summary.totals).toMatchObject({ co2e: 90, co2eMarketBased: 90, scope2MarketBased: 90 });
  });

  it("has no group, zero totals and no scope 2 figure without rows", () => {
    const summary = summarize([], undefined, []);
    expect(summary.groups).toEqual([]);
    expect(summary.totals).toEqual({
      co2e: 0,
      co2eMarketBased: 0,
      byScope: { "1": 0, "2": 0, "3": 0 },
      scope2MarketBased: null,
      count: 0,
      awaitingFactor: 0,
      marketAwaitingFactor: 0,
      earlierYear: 0,
      otherGeography: 0,
      proxy: 0,
      gwpNotConverted: 0,
      biogenicCo2: 0,
    });
  });

  it("adds a market-based figure whose location basis awaits a factor (ES 2021)", () => {
    // 1,000 kWh ES 2021: no EEA row, market-based 1,000 × 0.259 (MITECO Mix sin GdO 2021) = 259 kg
    const es2021: Emission = {
      ...emission("electricity", BILBAO, "2021-03-01", "2021-03-31", null, 259),
      marketStatus: "calculated",
      marketBasis: "residual_mix",
      marketResolution: "country_year",
      marketFactorYear: 2021,
      marketGeography: "ES",
      marketGwpSet: "AR5",
    };
    const japan: Emission = {
      ...emission("electricity", LEEDS, "2021-03-01", "2021-03-31", null, null),
      marketStatus: "awaiting_factor",
    };
    const summary = summarize([], undefined, [es2021, japan], "AR5");
    expect(summary.totals).toMatchObject({
      co2e: 0,
      co2eMarketBased: 259,
      scope2MarketBased: 259,
      count: 2,
      awaitingFactor: 2,
      marketAwaitingFactor: 1,
    });
    expect(summary.groups[0]).toMatchObject({ awaitingFactor: 2, marketAwaitingFactor: 1 });
  });

  it("counts labelled fallbacks and factors kept in another GWP set, and states the set", () => {
    const base = emission("water_supply", BILBAO, "2025-01-01", "2025-01-31", 19.13);
    const labelled: Emission[] = [
      // a GB proxy of the same year: another geography, a proxy; no gases: kept in AR5
      { ...base, resolution: "proxy", geography: "GB", factorYear: 2025, gwpSet: "AR5" },
      // NL 2025 priced with EEA 2024 and AIB 2023: earlier year on both bases, counted once
      {
        ...emission("electricity", LEEDS, "2025-01-01", "2025-01-31", 245, 379.89),
        resolution: "country_earlier_year",
        factorYear: 2024,
        gwpSet: "AR6",
        marketStatus: "calculated",
        marketResolution: "country_earlier_year",
        marketFactorYear: 2023,
        marketGwpSet: "AR6",
      },
      // a US-AKGD building on the US average of 2023: another geography and an earlier year
      {
        ...emission("electricity", LEEDS, "2025-02-01", "2025-02-28", 351.642, 351.642),
        resolution: "parent_country",
        geography: "US",
        factorYear: 2023,
        gwpSet: "AR6",
        marketStatus: "calculated",
        marketBasis: "location_fallback",
        marketResolution: "parent_country",
        marketFactorYear: 2023,
        marketGwpSet: "AR6",
      },
      // a refrigerant GWP of 2021 and a company's own factor are no earlier-year fallbacks
      { ...base, resolution: "global_default", factorYear: 2021, gwpSet: "AR6" },
      { ...base, resolution: "company_custom", factorYear: 2020, gwpSet: "AR6" },
    ];
    const summary = summarize([], undefined, labelled, "AR6");
    expect(summary.gwpSet).toBe("AR6");
    expect(summary.totals).toMatchObject({
      earlierYear: 2,
      otherGeography: 2,
      proxy: 1,
      gwpNotConverted: 1,
    });
  });

  it("reports biogenic CO2 outside of scopes: in its own total, never in co2e or a scope", () => {
    // 100 kg CO2e and 30 kg biogenic CO2 over the 10 days of the bill; the window keeps 5.
    const pellets = emission("wood_pellets", BILBAO, "2024-05-01", "2024-05-10", 100, null, 30);
    const whole = summarize(["scope"], undefined, [pellets]);
    expect(whole.totals).toMatchObject({ co2e: 100, byScope: { "1": 100 }, biogenicCo2: 30 });
    expect(whole.groups.map((group) => group.co2e)).toEqual([100]);
    const half = summarize([], { from: "2024-05-06", to: "2024-05-31" }, [pellets]);
    expect(half.totals.co2e).toBe(50);
    expect(half.totals.biogenicCo2).toBe(15);
    // A line awaiting a factor has no biogenic figure to add.
    const awaiting = emission("wood_pellets", BILBAO, "2024-05-01", "2024-05-10", null, null, 30);
    expect(summarize([], undefined, [awaiting]).totals.biogenicCo2).toBe(0);
  });
});

describe("consumption summary", () => {
  const consumption = (
    code: string,
    start: string,
    end: string,
    quantity: number,
    unitType: string,
    awaitingFactor = false,
  ) => ({
    categoryId: category(code).id,
    startDate: start,
    endDate: end,
    quantity,
    unitType,
    awaitingFactor,
  });

  const input = [
    // 1,000 m3 × 11.2899322222 kWh/m3 = 11,289.9322222 kWh, all in January
    consumption("natural_gas", "2024-01-01", "2024-01-31", 1000, "m3"),
    // 5,000 kWh over Jan 15..Feb 14: 17/31 = 2,741.93548387 in Jan, 14/31 = 2,258.06451613 in Feb
    consumption("natural_gas", "2024-01-15", "2024-02-14", 5000, "kWh"),
    // 2 MWh = 2,000 kWh
    consumption("electricity", "2024-01-01", "2024-01-31", 2, "MWh", true),
    // a unit that does not convert keeps its own group
    consumption("natural_gas", "2024-01-01", "2024-01-31", 30, "pallet"),
  ];

  function summarizeConsumptions(window?: SummaryWindow) {
    const summarizer = createConsumptionSummarizer(lookups, window);
    for (const row of input) summarizer.add(row);
    return summarizer.result();
  }

  it("sums per month and subcategory in the default unit, sorted by month, scope, code", () => {
    const summary = summarizeConsumptions();
    expect(
      summary.groups.map((g) => [
        g.month,
        g.categoryCode,
        g.scope,
        g.unit,
        g.count,
        g.awaitingFactor,
      ]),
    ).toEqual([
      ["2024-01", "natural_gas", 1, "kWh", 2, 0],
      ["2024-01", "natural_gas", 1, "pallet", 1, 0],
      ["2024-01", "electricity", 2, "kWh", 1, 1],
      ["2024-02", "natural_gas", 1, "kWh", 1, 0],
    ]);
    const quantities = summary.groups.map((g) => g.quantity);
    // 11,289.9322222 + 2,741.93548387 = 14,031.8677061
    expect(quantities[0]).toBeCloseTo(14031.8677061, 6);
    expect(quantities[1]).toBe(30);
    expect(quantities[2]).toBe(2000);
    expect(quantities[3]).toBeCloseTo(2258.06451613, 6);
    expect(summary.groups[0]).toMatchObject({
      categoryId: category("natural_gas").id,
      categoryName: "Natural gas",
    });
    expect([summary.count, summary.awaitingFactor]).toEqual([4, 1]);
  });

  it("clips to a window", () => {
    const summary = summarizeConsumptions({ from: "2024-02-01" });
    expect(summary.groups.map((g) => [g.month, g.categoryCode, g.unit])).toEqual([
      ["2024-02", "natural_gas", "kWh"],
    ]);
    expect(summary.groups[0]?.quantity).toBeCloseTo(2258.06451613, 6);
    expect([summary.count, summary.awaitingFactor]).toEqual([1, 0]);
  });

  it("refuses a category it cannot look up", () => {
    const summarizer = createConsumptionSummarizer(lookups);
    const row = {
      ...consumption("natural_gas", "2024-01-01", "2024-01-02", 1, "kWh"),
      categoryId: COMPANY,
    };
    expect(() => summarizer.add(row)).toThrow(`unknown category ${COMPANY}`);
  });
});
