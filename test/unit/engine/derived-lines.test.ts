import { describe, expect, it } from "vitest";
import { categoryId } from "../../../src/core/ids.js";
import { parseDerivationRules } from "../../../src/engine/derived-lines.js";
import { isDerivedLineKey } from "../../../src/engine/library-categories.js";
import {
  type LossFraction,
  lossFractionsFromCsvRows,
  resolveLossFraction,
} from "../../../src/engine/loss-fractions.js";
import { wttCategories } from "../../../src/shipped/categories.js";
import { shippedDerivationRules } from "../../../src/shipped/derivation-rules.js";
import { categories, factors, readCsv, readFixture, tree } from "./library.js";

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

  it("gives every fuel whose key K the library has K_wtt rows of its wtt line, priced by K_wtt", () => {
    const shipped = shippedDerivationRules();
    const codes = new Map(tree.map((c) => [c.code, c]));
    const wttKeys = new Set(factors.filter(isDerivedLineKey).map((f) => f.key));
    const category3 = categoryId("s3_03_fuel_energy_related");
    const fuels = tree.filter(
      (c) =>
        c.level === "subcategory" &&
        c.parentId !== category3 &&
        wttKeys.has(`${c.factorKey ?? ""}_wtt`),
    );
    // 14 fuels and district heat of categories.csv, vehicle_lpg, 85 generated from the library.
    expect(fuels).toHaveLength(101);
    for (const fuel of fuels) {
      const wtt = shipped.of(fuel.code).filter((rule) => rule.line === "wtt");
      expect(wtt, fuel.code).toHaveLength(1);
      const derived = codes.get(wtt[0]?.derivedCategory ?? "");
      expect(derived, fuel.code).toMatchObject({
        level: "subcategory",
        scope: 3,
        parentId: category3,
        factorKey: `${fuel.factorKey}_wtt`,
      });
    }
    // A derived subcategory has the code of its key, but where the code is taken: ADEME's coal
    // (generated as coal_scope1, categories.csv's coal being DESNZ industrial coal) derives
    // coal_wtt_scope3 (key coal_wtt), while coal derives coal_wtt (key coal_industrial_wtt).
    expect(shipped.of("coal_scope1")[0]?.derivedCategory).toBe("coal_wtt_scope3");
    expect(shipped.of("coal")[0]?.derivedCategory).toBe("coal_wtt");
    expect(codes.get("coal_wtt")?.factorKey).toBe("coal_industrial_wtt");
    // A fuel of a variant key derives the WTT of the same variant (ADEME's "Type B, nord" gas).
    expect(shipped.of("natural_gas_type_b_nord")[0]?.derivedCategory).toBe(
      "natural_gas_type_b_nord_wtt",
    );
  });

  it("lets ADEME's upstream-only elements be recorded: no fuel derives them", () => {
    const shipped = shippedDerivationRules();
    const keys = new Set(tree.map((c) => c.factorKey));
    const upstreamOnly = wttCategories().filter((c) => shipped.sourcesOf(c.code).length === 0);
    // Base Carbone publishes only the upstream poste of these biofuel elements: their fuel key
    // (the WTT key without _wtt) has no row and so no subcategory.
    expect(upstreamOnly.map((c) => c.code)).toEqual([
      "biodiesel_with_land_use_land_cover_change_maximum_scenario_wtt",
      "biodiesel_with_land_use_land_cover_change_optimistic_scenario_wtt",
      "biodiesel_rapeseed_sector_wtt",
      "biodiesel_emga_sector_wtt",
      "biodiesel_emhau_sector_wtt",
      "biodiesel_hvp_sector_wtt",
      "biodiesel_palm_sector_wtt",
      "biodiesel_soybean_sector_wtt",
      "biodiesel_sunflower_sector_wtt",
      "biodiesel_without_land_use_land_cover_change_wtt",
      "bioethanol_with_land_use_land_cover_change_maximum_scenario_wtt",
      "bioethanol_with_land_use_land_cover_change_optimistic_scenario_wtt",
      "bioethanol_without_land_use_land_cover_change_wtt",
      "biodiesel_medium_mix_wtt",
      "biodiesel_medium_mix_with_land_use_land_cover_change_optimistic_scenario_wtt",
      "biodiesel_medium_mix_without_land_use_land_cover_change_wtt",
    ]);
    for (const c of upstreamOnly) {
      expect(keys.has(c.factorKey?.replace(/_wtt$/, "") ?? ""), c.code).toBe(false);
      expect(factors.some((f) => f.key === c.factorKey && f.country === "FR")).toBe(true);
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
