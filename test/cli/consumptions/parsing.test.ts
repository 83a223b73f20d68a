/** Tier 1: the consumptions commands' flags alone. Each builder gets a stub run; no database. */
import { describe, expect, it } from "vitest";
import { dashboardCommand } from "../../../src/cli/commands/consumptions/dashboard.js";
import { getCommand } from "../../../src/cli/commands/consumptions/get.js";
import { importCommand } from "../../../src/cli/commands/consumptions/import.js";
import { listCommand } from "../../../src/cli/commands/consumptions/list.js";
import { upsertCommand } from "../../../src/cli/commands/consumptions/upsert.js";
import { parsedOptions } from "../helpers.js";

const COMPANY = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const BUILDING = "7a9e4b2c-1d3f-4e5a-8b6c-9d0e1f2a3b4c";

describe("consumptions list", () => {
  it.each([
    [
      [],
      {
        company: undefined,
        building: undefined,
        from: undefined,
        to: undefined,
        page: undefined,
        limit: undefined,
        all: false,
        withNames: false,
      },
    ],
    [
      ["--company", COMPANY, "--building", BUILDING, "--from", "2024-01-01", "--to", "2024-03-31"],
      {
        company: COMPANY,
        building: BUILDING,
        from: "2024-01-01",
        to: "2024-03-31",
        page: undefined,
        limit: undefined,
        all: false,
        withNames: false,
      },
    ],
    [
      ["--page", "2", "--limit", "10", "--all", "--with-names"],
      {
        company: undefined,
        building: undefined,
        from: undefined,
        to: undefined,
        page: "2",
        limit: "10",
        all: true,
        withNames: true,
      },
    ],
  ])("%j", async (argv, expected) => {
    expect(await parsedOptions(listCommand, argv)).toEqual(expected);
  });

  it("rejects an unknown flag", async () => {
    await expect(parsedOptions(listCommand, ["--form", "2024-01-01"])).rejects.toMatchObject({
      code: "commander.unknownOption",
    });
  });
});

describe("consumptions get", () => {
  it("takes the id", async () => {
    expect(await parsedOptions(getCommand, [COMPANY])).toEqual({ id: COMPANY });
  });

  it("needs the id", async () => {
    await expect(parsedOptions(getCommand, [])).rejects.toMatchObject({
      code: "commander.missingArgument",
    });
  });
});

describe("consumptions upsert", () => {
  it("maps the data flags", async () => {
    const argv = [
      "--company",
      COMPANY,
      "--building",
      BUILDING,
      "--category",
      "natural_gas",
      "--start",
      "2024-01-01",
      "--end",
      "2024-01-31",
      "--quantity",
      "12400",
      "--unit",
      "kWh",
      "--entity",
      "INV-1",
    ];
    expect(await parsedOptions(upsertCommand, argv)).toEqual({
      file: undefined,
      company: COMPANY,
      building: BUILDING,
      category: "natural_gas",
      start: "2024-01-01",
      end: "2024-01-31",
      quantity: "12400",
      unit: "kWh",
      entity: "INV-1",
      id: undefined,
    });
  });

  it("maps --file", async () => {
    expect(await parsedOptions(upsertCommand, ["--file", "c.json"])).toMatchObject({
      file: "c.json",
      company: undefined,
    });
  });
});

describe("consumptions import", () => {
  it("takes the file and defaults every switch to false", async () => {
    expect(await parsedOptions(importCommand, ["bills.csv"])).toEqual({
      file: "bills.csv",
      company: undefined,
      building: undefined,
      dryRun: false,
      rejects: undefined,
      delimiter: undefined,
      encoding: undefined,
      decimalComma: false,
      maxErrors: undefined,
      skipInvalid: false,
      createBuildings: false,
      replaceOverlapping: false,
      resume: false,
    });
  });

  it("maps every flag", async () => {
    const argv = [
      "bills.csv",
      "--company",
      COMPANY,
      "--building",
      "Madrid HQ",
      "--dry-run",
      "--rejects",
      "bad.csv",
      "--delimiter",
      ";",
      "--encoding",
      "windows-1252",
      "--decimal-comma",
      "--max-errors",
      "10",
      "--skip-invalid",
      "--create-buildings",
      "--replace-overlapping",
      "--resume",
    ];
    expect(await parsedOptions(importCommand, argv)).toEqual({
      file: "bills.csv",
      company: COMPANY,
      building: "Madrid HQ",
      dryRun: true,
      rejects: "bad.csv",
      delimiter: ";",
      encoding: "windows-1252",
      decimalComma: true,
      maxErrors: "10",
      skipInvalid: true,
      createBuildings: true,
      replaceOverlapping: true,
      resume: true,
    });
  });

  it("needs the file", async () => {
    await expect(parsedOptions(importCommand, ["--dry-run"])).rejects.toMatchObject({
      code: "commander.missingArgument",
    });
  });
});

describe("consumptions dashboard", () => {
  it("maps --company, --building and --year", async () => {
    expect(
      await parsedOptions(dashboardCommand, [
        "--company",
        COMPANY,
        "--building",
        BUILDING,
        "--year",
        "2024",
      ]),
    ).toEqual({ company: COMPANY, building: BUILDING, year: "2024" });
  });
});
