import { describe, expect, it } from "vitest";
import { parseDerivationRules } from "../../../src/engine/derived-lines.js";
import {
  type LossFraction,
  lossFractionsFromCsvRows,
  resolveLossFraction,
} from "../../../src/engine/loss-fractions.js";
import { categories, readCsv, readFixture } from "./library.js";

describe("derived-lines.csv", () => {
  const rules = parseDerivationRules(readFixture("derived-lines.csv"));

  it("derives lines only from energy subcategories, into scope 3 category 3 subcategories", () => {
    const codes = new Map(categories.map((c) => [c.code, c]));
    const category3 = categories.find((c) => c.code === "s3_03_fuel_energy_related");
    for (const rule of rules.all) {
      const derived = codes.get(rule.derivedCategory);
      expect(derived, rule.derivedCategory).toMatchObject({
        level: "subcategory",
        scope: 3,
        parentId: category3?.id,
      });
      // vehicle_lpg is a fleet subcategory of the database (migration 15), not of the file.
      if (rule.category !== "vehicle_lpg") {
        expect(codes.get(rule.category)?.level, rule.category).toBe("subcategory");
      }
    }
  });

  it("gives electricity its three category 3 lines, T&D losses with eGRID's loss fraction", () => {
    expect(rules.of("electricity")).toEqual([
      {
        category: "electricity",
        line: "wtt",
        derivedCategory: "electricity_wtt",
        lossFractionKey: null,
      },
      {
        category: "electricity",
        line: "td_losses",
        derivedCategory: "electricity_td_losses",
        lossFractionKey: "electricity_grid_gross_loss",
      },
      {
        category: "electricity",
        line: "td_losses_wtt",
        derivedCategory: "electricity_td_wtt",
        lossFractionKey: null,
      },
    ]);
    expect(rules.of("water_supply")).toEqual([]);
    expect(rules.sourcesOf("lpg_wtt")).toEqual(["lpg", "vehicle_lpg"]);
  });

  it.each([
    ["category,line\n", /line 1: expected header/],
    ["category,line,derived_category,loss_fraction_key\nelectricity,upstream,x,\n", /column line/],
    [
      "category,line,derived_category,loss_fraction_key\nelectricity,wtt,a,\nelectricity,wtt,b,\n",
      /derives its wtt line twice/,
    ],
  ])("refuses a malformed file: %j", (text, message) => {
    expect(() => parseDerivationRules(text)).toThrow(message);
  });
});

describe("grid loss fractions (eGRID2023, EPA Hub 2025 Table 6 column K)", () => {
  const fractions = lossFractionsFromCsvRows(readCsv("extra/egrid-2023-subregions.csv"));

  it("reads the 27 rows: 26 subregions and the US average", () => {
    expect(fractions).toHaveLength(27);
    expect(fractions.find((f) => f.country === "US")?.value).toBe(0.042);
    expect(fractions.find((f) => f.country === "US-CAMX")?.value).toBe(0.041);
  });

  it("takes the region, then its country; the year or an earlier one, never a later one", () => {
    const at = (country: string, year: number) =>
      resolveLossFraction(fractions, "electricity_grid_gross_loss", country, year);
    expect(at("US-CAMX", 2025)).toMatchObject({ country: "US-CAMX", year: 2023, value: 0.041 });
    // PRMS (Puerto Rico) has no grid gross loss in eGRID: the US average stands in.
    expect(at("US-PRMS", 2025)).toMatchObject({ country: "US", value: 0.042 });
    expect(at("US-CAMX", 2022)).toBeUndefined();
    expect(at("ES", 2025)).toBeUndefined();
  });

  it("refuses a row that is not a fraction", () => {
    const row = { key: "electricity_grid_gross_loss", country: "US", year: "2023" };
    expect(() => lossFractionsFromCsvRows([{ ...row, parameter_value: "4.2" }])).toThrow(
      /expected a fraction/,
    );
    const ok: LossFraction[] = lossFractionsFromCsvRows([{ ...row, parameter_value: "0.042" }]);
    expect(ok[0]?.value).toBe(0.042);
  });
});
