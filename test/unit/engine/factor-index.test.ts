import { describe, expect, it } from "vitest";
import {
  createFactorIndex,
  createLazyFactorIndex,
  parseGlobalDefaults,
} from "../../../src/engine/factor-index.js";
import { categories, factors, globalDefaults, index } from "./library.js";

/** Keys whose factor depends on where the activity happens: no global stand-in, on purpose. */
const locationSpecific = (key: string): boolean =>
  /^(electricity_|waste_|water_|hotel_stay|homeworking_|district_)/.test(key) ||
  key === "district_heat";

/**
 * Keys the open sources release made selectable that have no designation yet: the rows a
 * designation would point at (DESNZ 2025) are listed in docs/factor-library.md ("Proxies the
 * new data needs"); global-defaults.csv is calc-resolve's, which adds them. US EPA per-mile
 * rows are US averages, not a global stand-in.
 */
const awaitingDesignation = new Set([
  "flight_domestic_norf_pkm",
  "flight_short_haul_norf_pkm",
  "flight_long_haul_norf_pkm",
  "flight_international_norf_pkm",
  "flight_short_haul_economy_pkm",
  "flight_short_haul_economy_norf_pkm",
  "flight_long_haul_economy_pkm",
  "flight_long_haul_economy_norf_pkm",
  "flight_long_haul_business_pkm",
  "flight_long_haul_business_norf_pkm",
  "air_freight_domestic_tkm",
  "air_freight_domestic_norf_tkm",
  "air_freight_short_haul_norf_tkm",
  "air_freight_long_haul_norf_tkm",
  "sea_general_cargo_tkm",
  "sea_roro_ferry_tkm",
  "van_bev_tkm",
  "hgv_diesel_km",
]);
const usOnly = (key: string): boolean => /_(pmile|tmile|vmile|mile)$/.test(key);

const referencedKeys = [
  ...new Set(categories.flatMap((c) => [c.factorKey, c.marketFactorKey]).filter((k) => k !== null)),
];

describe("fixtures/factors/global-defaults.csv", () => {
  it("points every row at existing library rows (GB 2025, DESNZ)", () => {
    expect(globalDefaults.length).toBeGreaterThan(30);
    for (const designation of globalDefaults) {
      const rows = index.globalDefaultOf(designation.key)?.rows ?? [];
      expect(rows.length, designation.key).toBeGreaterThan(0);
      for (const row of rows) {
        expect(row).toMatchObject({ key: designation.key, country: "GB", year: 2025 });
        expect(row.source).toMatch(/^UK DESNZ GHG Conversion Factors 2025/);
      }
      expect(designation.reason).toMatch(/^[A-Z].*\.$/);
    }
  });

  it("names only keys the category tree uses, and no location-specific one", () => {
    for (const designation of globalDefaults) {
      expect(referencedKeys, designation.key).toContain(designation.key);
      expect(locationSpecific(designation.key), designation.key).toBe(false);
    }
  });

  it("covers every referenced key that is neither location-specific nor valid everywhere", () => {
    const uncovered = referencedKeys.filter(
      (key) =>
        !locationSpecific(key) &&
        !awaitingDesignation.has(key) &&
        !usOnly(key) &&
        index.globalDefaultOf(key) === undefined &&
        !index.rowsOf(key).some((row) => row.country === null),
    );
    expect(uncovered).toEqual([]);
  });
});

describe("parseGlobalDefaults", () => {
  it("reads rows, a quoted reason with commas, CRLF, BOM and blank lines", () => {
    const text =
      '\uFEFFkey,country,year,reason\r\nnatural_gas,GB,2025,"Fuel chemistry, everywhere."\r\n\r\nlng,GB,2025,Same, again.\n';
    expect(parseGlobalDefaults(text)).toEqual([
      { key: "natural_gas", country: "GB", year: 2025, reason: "Fuel chemistry, everywhere." },
      { key: "lng", country: "GB", year: 2025, reason: "Same, again." },
    ]);
  });

  it.each([
    [
      "key,country,reason\n",
      'global defaults, line 1: expected header key,country,year,reason, got "key,country,reason"',
    ],
    [
      "key,country,year,reason\nlng,GB,2025\n",
      'global defaults, line 2: expected key,country,year,reason, got "lng,GB,2025"',
    ],
    [
      "key,country,year,reason\nlng,GB,twenty,Why.\n",
      'global defaults, line 2, column year: expected a whole year, got "twenty"',
    ],
  ])("rejects %j", (text, message) => {
    expect(() => parseGlobalDefaults(text)).toThrow(message);
  });
});

describe("createFactorIndex", () => {
  it("keeps a key's rows in priority order", () => {
    const reversed = createFactorIndex([...factors].reverse(), []);
    const priorities = reversed.rowsOf("natural_gas").map((row) => row.priority);
    expect(priorities).toEqual([...priorities].sort((a, b) => a - b));
    expect(priorities).toHaveLength(factors.filter((f) => f.key === "natural_gas").length);
    expect(reversed.rowsOf("no_such_key")).toEqual([]);
  });

  it.each([
    [
      [{ key: "natural_gas", country: "JP", year: 2025, reason: "x." }],
      "global default natural_gas JP 2025 matches no library row",
    ],
    [
      [
        { key: "lng", country: "GB", year: 2025, reason: "x." },
        { key: "lng", country: "GB", year: 2025, reason: "y." },
      ],
      'global default for "lng" is given twice',
    ],
  ])("rejects a bad designation %#", (designations, message) => {
    expect(() => createFactorIndex(factors, designations)).toThrow(message);
  });
});

describe("createLazyFactorIndex", () => {
  it("reads a key's rows once, when first asked, in priority order", () => {
    const asked: string[] = [];
    const lazy = createLazyFactorIndex((key) => {
      asked.push(key);
      return [...factors].reverse().filter((f) => f.key === key);
    }, globalDefaults);
    expect(asked).toEqual([]);
    expect(lazy.rowsOf("natural_gas")).toEqual(index.rowsOf("natural_gas"));
    lazy.rowsOf("natural_gas");
    expect(asked).toEqual(["natural_gas"]);
    expect(lazy.globalDefaultOf("lng")).toEqual(index.globalDefaultOf("lng"));
    expect(lazy.globalDefaultOf("electricity_grid")).toBeUndefined();
  });

  it("rejects a designation naming no row when its key is asked for", () => {
    const lazy = createLazyFactorIndex(
      (key) => factors.filter((f) => f.key === key),
      [{ key: "natural_gas", country: "JP", year: 2025, reason: "x." }],
    );
    expect(() => lazy.globalDefaultOf("natural_gas")).toThrow(
      "global default natural_gas JP 2025 matches no library row",
    );
  });
});
