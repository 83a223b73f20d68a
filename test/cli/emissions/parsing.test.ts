/** Tier 1: the emissions commands' flags alone. Each builder gets a stub run; no database. */
import { describe, expect, it } from "vitest";
import { dashboardCommand } from "../../../src/cli/commands/emissions/dashboard.js";
import { exportCommand } from "../../../src/cli/commands/emissions/export.js";
import { listCommand } from "../../../src/cli/commands/emissions/list.js";
import { parsedOptions } from "../helpers.js";

const COMPANY = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";

describe("emissions list", () => {
  it("defaults", async () => {
    expect(await parsedOptions(listCommand, [])).toEqual({
      company: undefined,
      building: undefined,
      from: undefined,
      to: undefined,
      scope: undefined,
      page: undefined,
      limit: undefined,
      all: false,
      explain: false,
      withNames: false,
    });
  });

  it("maps every flag", async () => {
    const argv = ["--company", COMPANY, "--from", "2024-01-01", "--to", "2024-12-31"];
    argv.push("--scope", "1,2", "--limit", "20", "--page", "3", "--explain", "--with-names");
    expect(await parsedOptions(listCommand, argv)).toMatchObject({
      company: COMPANY,
      from: "2024-01-01",
      to: "2024-12-31",
      scope: "1,2",
      limit: "20",
      page: "3",
      all: false,
      explain: true,
      withNames: true,
    });
  });
});

describe("emissions export", () => {
  it("maps every flag", async () => {
    const argv = ["--company", COMPANY, "--scope", "2", "--group-by", "month,scope"];
    argv.push("--output", "out.csv", "--from", "2024-01-01", "--with-names");
    expect(await parsedOptions(exportCommand, argv)).toEqual({
      company: COMPANY,
      building: undefined,
      from: "2024-01-01",
      to: undefined,
      scope: "2",
      groupBy: "month,scope",
      output: "out.csv",
      withNames: true,
    });
  });

  it("has no --format of its own: the global one applies", async () => {
    await expect(parsedOptions(exportCommand, ["--format", "csv"])).rejects.toMatchObject({
      code: "commander.unknownOption",
    });
  });
});

describe("emissions dashboard", () => {
  it("maps --year and --by", async () => {
    expect(await parsedOptions(dashboardCommand, ["--year", "2024", "--by", "category"])).toEqual({
      company: undefined,
      building: undefined,
      year: "2024",
      by: "category",
    });
  });
});
