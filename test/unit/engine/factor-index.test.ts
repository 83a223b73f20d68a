import { describe, expect, it } from "vitest";
import { createFactorIndex, createLazyFactorIndex } from "../../../src/engine/factor-index.js";
import { parseProxyDesignations } from "../../../src/engine/proxies.js";
import { categories, factors, index, proxies } from "./library.js";

/**
 * Keys whose factor depends on where the activity happens, so no other geography stands in, on
 * purpose: the grid, heat networks, a hotel night's energy, a home's energy, an electric vehicle's charging.
 */
const gridSpecific = (key: string): boolean =>
  /^(electricity_|district_|hotel_stay|homeworking_)|_bev_/.test(key);
/** US EPA per-mile rows are US averages of US fleets, not a stand-in for anywhere else. */
const usOnly = (key: string): boolean => /_(pmile|tmile|vmile|mile)$/.test(key);

const referencedKeys = [
  ...new Set(categories.flatMap((c) => [c.factorKey, c.marketFactorKey]).filter((k) => k !== null)),
];

describe("fixtures/factors/proxies.csv", () => {
  it("points every designation at library rows of its proxy geography, with a reason", () => {
    expect(proxies.length).toBeGreaterThan(50);
    for (const designation of proxies) {
      const rows = index
        .rowsOf(designation.proxyKey)
        .filter((row) => row.country === designation.proxyCountry);
      expect(rows.length, designation.key).toBeGreaterThan(0);
      expect(designation.reason, designation.key).toMatch(/^[A-Z].*[.)]$/);
    }
  });

  it("designates no grid-specific key (electricity, heat networks)", () => {
    for (const designation of proxies) {
      expect(gridSpecific(designation.key), designation.key).toBe(false);
    }
  });

  it("covers every referenced key that is neither grid-specific nor valid everywhere", () => {
    const uncovered = referencedKeys.filter(
      (key) =>
        !gridSpecific(key) &&
        !usOnly(key) &&
        index.proxiesOf(key, "JP").length === 0 &&
        !index.rowsOf(key).some((row) => row.country === null),
    );
    expect(uncovered).toEqual([]);
  });

  it("gives heating oil abroad a gas-oil-type fuel, not UK burning oil (kerosene)", () => {
    // DESNZ 2025 'Fuels' row 84 (gas oil) for any country; MITECO gasóleo C for Portugal
    expect(index.proxiesOf("heating_oil", "DE")).toMatchObject([
      { proxyKey: "gas_oil", proxyCountry: "GB" },
    ]);
    expect(index.proxiesOf("heating_oil", "PT")).toMatchObject([
      { proxyKey: "heating_oil", proxyCountry: "ES" },
      { proxyKey: "gas_oil", proxyCountry: "GB" },
    ]);
  });

  it("looks a region's designation up under its parent country, then any country", () => {
    const custom = createFactorIndex(factors, [
      {
        key: "water_supply",
        country: "US",
        proxyKey: "water_supply",
        proxyCountry: "GB",
        reason: "r.",
      },
      {
        key: "water_supply",
        country: "*",
        proxyKey: "water_supply",
        proxyCountry: "GB",
        reason: "s.",
      },
    ]);
    expect(custom.proxiesOf("water_supply", "US-CAMX").map((d) => d.reason)).toEqual(["r.", "s."]);
    expect(custom.proxiesOf("water_supply", null).map((d) => d.reason)).toEqual(["s."]);
  });
});

describe("parseProxyDesignations", () => {
  it("reads rows, a quoted reason with commas, CRLF, BOM and blank lines", () => {
    const text =
      '\uFEFFkey,country,proxy_key,proxy_country,reason\r\nnatural_gas,*,natural_gas,GB,"Fuel chemistry, everywhere."\r\n\r\nheating_oil,pt,heating_oil,ES,Same, again.\n';
    expect(parseProxyDesignations(text)).toEqual([
      {
        key: "natural_gas",
        country: "*",
        proxyKey: "natural_gas",
        proxyCountry: "GB",
        reason: "Fuel chemistry, everywhere.",
      },
      {
        key: "heating_oil",
        country: "PT",
        proxyKey: "heating_oil",
        proxyCountry: "ES",
        reason: "Same, again.",
      },
    ]);
  });

  it.each([
    [
      "key,country,reason\n",
      'proxies, line 1: expected header key,country,proxy_key,proxy_country,reason, got "key,country,reason"',
    ],
    [
      "key,country,proxy_key,proxy_country,reason\nlng,*,lng,GB\n",
      'proxies, line 2: expected key,country,proxy_key,proxy_country,reason, got "lng,*,lng,GB"',
    ],
    [
      "key,country,proxy_key,proxy_country,reason\nlng,*,,GB,Why.\n",
      'proxies, line 2: expected key,country,proxy_key,proxy_country,reason, got "lng,*,,GB,Why."',
    ],
  ])("rejects %j", (text, message) => {
    expect(() => parseProxyDesignations(text)).toThrow(message);
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
      [
        {
          key: "natural_gas",
          country: "*",
          proxyKey: "natural_gas",
          proxyCountry: "JP",
          reason: "x.",
        },
      ],
      "proxy for natural_gas in * names natural_gas JP, which has no library row",
    ],
    [
      [
        { key: "lng", country: "DE", proxyKey: "lng", proxyCountry: "GB", reason: "x." },
        { key: "lng", country: "DE", proxyKey: "lng", proxyCountry: "GB", reason: "y." },
      ],
      "proxy for lng in DE is given twice",
    ],
  ])("rejects a bad designation %#", (designations, message) => {
    expect(() => createFactorIndex(factors, designations)).toThrow(message);
  });

  it("reads the GWP-100 of CH4 and N2O of a set from the library's rows", () => {
    // AR5: CH4 28, N2O 265 (gwp-ar5.csv: DESNZ 2025 Introduction sheet, EPA Hub 2025);
    // AR6: CH4 27.9, N2O 273 (extra/gwp-ar6.csv: ADEME Base Carbone V23.6, IPCC AR6 Table 7.15)
    expect(index.gwpOf("AR5")).toMatchObject({ ch4: 28, n2o: 265 });
    expect(index.gwpOf("AR6")).toMatchObject({ ch4: 27.9, n2o: 273 });
  });
});

describe("createLazyFactorIndex", () => {
  it("reads a key's rows once, when first asked, in priority order", () => {
    const asked: string[] = [];
    const lazy = createLazyFactorIndex((key) => {
      asked.push(key);
      return [...factors].reverse().filter((f) => f.key === key);
    }, proxies);
    expect(asked).toEqual([]);
    expect(lazy.rowsOf("natural_gas")).toEqual(index.rowsOf("natural_gas"));
    lazy.rowsOf("natural_gas");
    expect(asked).toEqual(["natural_gas"]);
    expect(lazy.proxiesOf("lng", "JP")).toEqual(index.proxiesOf("lng", "JP"));
    expect(lazy.proxiesOf("electricity_grid", "JP")).toEqual([]);
  });

  it("rejects a designation naming no row when its key is asked for", () => {
    const lazy = createLazyFactorIndex(
      (key) => factors.filter((f) => f.key === key),
      [
        {
          key: "natural_gas",
          country: "JP",
          proxyKey: "natural_gas",
          proxyCountry: "JP",
          reason: "x.",
        },
      ],
    );
    expect(() => lazy.proxiesOf("natural_gas", "JP")).toThrow(
      "proxy for natural_gas in JP names natural_gas JP, which has no library row",
    );
  });
});
