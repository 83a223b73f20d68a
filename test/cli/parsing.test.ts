/** Tier 1: flags alone. Each builder gets a stub run; no database is opened. */
import { CommanderError } from "commander";
import { describe, expect, it } from "vitest";
import { buildingsFace } from "../../src/cli/commands/buildings/face.js";
import { categoriesFace } from "../../src/cli/commands/categories/face.js";
import { companiesFace } from "../../src/cli/commands/companies/face.js";
import { createCommand as createCustom } from "../../src/cli/commands/factors/custom/create.js";
import { customFactorsFace } from "../../src/cli/commands/factors/custom/face.js";
import { listCommand as listFactors } from "../../src/cli/commands/factors/list.js";
import { resolveCommand } from "../../src/cli/commands/factors/resolve.js";
import {
  type ReadOnlyListOptions,
  type ResourceGetOptions,
  type ResourceListOptions,
  type ResourceUpsertOptions,
  readOnlyListCommand,
  resourceGetCommand,
  resourceListCommand,
  resourceUpsertCommand,
} from "../../src/cli/commands/resource-verbs.js";
import { suppliersFace } from "../../src/cli/commands/suppliers/face.js";
import type { Context } from "../../src/cli/context.js";
import { parsedOptions } from "./helpers.js";

const ID = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";

type Stub<O> = (ctx: Context, opts: O) => Promise<void>;
const listCompanies = (ctx: Context, run: Stub<ResourceListOptions>) =>
  resourceListCommand(ctx, companiesFace, (c, _face, opts) => run(c, opts));
const getCompany = (ctx: Context, run: Stub<ResourceGetOptions>) =>
  resourceGetCommand(ctx, companiesFace, (c, _face, opts) => run(c, opts));
const createCompany = (ctx: Context, run: Stub<ResourceUpsertOptions>) =>
  resourceUpsertCommand(ctx, companiesFace, (c, _face, opts) => run(c, opts));
const listCategories = (ctx: Context, run: Stub<ReadOnlyListOptions>) =>
  readOnlyListCommand(ctx, categoriesFace, (c, _face, opts) => run(c, opts));
const listBuildings = (ctx: Context, run: Stub<ResourceListOptions>) =>
  resourceListCommand(ctx, buildingsFace, (c, _face, opts) => run(c, opts));
const getBuilding = (ctx: Context, run: Stub<ResourceGetOptions>) =>
  resourceGetCommand(ctx, buildingsFace, (c, _face, opts) => run(c, opts));
const createBuilding = (ctx: Context, run: Stub<ResourceUpsertOptions>) =>
  resourceUpsertCommand(ctx, buildingsFace, (c, _face, opts) => run(c, opts));
const listSuppliers = (ctx: Context, run: Stub<ResourceListOptions>) =>
  resourceListCommand(ctx, suppliersFace, (c, _face, opts) => run(c, opts));
const getSupplier = (ctx: Context, run: Stub<ResourceGetOptions>) =>
  resourceGetCommand(ctx, suppliersFace, (c, _face, opts) => run(c, opts));
const listCustom = (ctx: Context, run: Stub<ResourceListOptions>) =>
  resourceListCommand(ctx, customFactorsFace, (c, _face, opts) => run(c, opts));
const getCustom = (ctx: Context, run: Stub<ResourceGetOptions>) =>
  resourceGetCommand(ctx, customFactorsFace, (c, _face, opts) => run(c, opts));

describe("companies", () => {
  it.each([
    [[], { page: undefined, limit: undefined, all: false }],
    [["--page", "3", "--limit", "20"], { page: "3", limit: "20", all: false }],
    [["--all"], { page: undefined, limit: undefined, all: true }],
  ])("list %j", async (argv, expected) => {
    expect(await parsedOptions(listCompanies, argv)).toEqual({ ...expected, filters: {} });
  });

  it("get takes the id argument", async () => {
    expect(await parsedOptions(getCompany, [ID])).toEqual({ id: ID });
  });

  it("get without an id is a commander error", async () => {
    await expect(parsedOptions(getCompany, [])).rejects.toBeInstanceOf(CommanderError);
  });

  it("create maps its flags", async () => {
    expect(
      await parsedOptions(createCompany, ["--name", "Acme", "--country", "es", "--id", ID]),
    ).toEqual({ fields: { name: "Acme", country: "es" }, id: ID });
  });

  it("create without --name is a commander error", async () => {
    await expect(parsedOptions(createCompany, ["--country", "ES"])).rejects.toMatchObject({
      code: "commander.missingMandatoryOptionValue",
    });
  });
});

describe("buildings", () => {
  it("list --company with paging", async () => {
    expect(await parsedOptions(listBuildings, ["--company", ID, "--limit", "5"])).toEqual({
      filters: { companyId: ID },
      page: undefined,
      limit: "5",
      all: false,
    });
  });

  it("get takes the id argument", async () => {
    expect(await parsedOptions(getBuilding, [ID])).toEqual({ id: ID });
  });

  it("create needs --company and --name", async () => {
    expect(await parsedOptions(createBuilding, ["--company", ID, "--name", "HQ"])).toEqual({
      fields: { companyId: ID, name: "HQ", country: undefined },
    });
    await expect(parsedOptions(createBuilding, ["--name", "HQ"])).rejects.toMatchObject({
      code: "commander.missingMandatoryOptionValue",
    });
  });

  it("an unknown flag is a commander error", async () => {
    await expect(parsedOptions(listBuildings, ["--compnay", ID])).rejects.toMatchObject({
      code: "commander.unknownOption",
    });
  });
});

describe("categories", () => {
  it.each([
    [[], { filters: { level: undefined } }],
    [["--level", "subcategory"], { filters: { level: "subcategory" } }],
  ])("list %j", async (argv, expected) => {
    expect(await parsedOptions(listCategories, argv)).toEqual(expected);
  });
});

describe("suppliers", () => {
  it("list takes --company and --type", async () => {
    expect(
      await parsedOptions(listSuppliers, ["--company", "Acme", "--type", "clients", "--all"]),
    ).toEqual({
      page: undefined,
      limit: undefined,
      all: true,
      filters: { companyId: "Acme", type: "clients" },
    });
  });

  it("list needs neither filter", async () => {
    expect(await parsedOptions(listSuppliers, [])).toEqual({
      page: undefined,
      limit: undefined,
      all: false,
      filters: { companyId: undefined, type: undefined },
    });
  });

  it("get takes the id argument", async () => {
    expect(await parsedOptions(getSupplier, [ID])).toEqual({ id: ID });
  });
});

describe("factors", () => {
  it("list filters", async () => {
    expect(await parsedOptions(listFactors, ["--key", "natural_gas", "--country", "GB"])).toEqual({
      key: "natural_gas",
      country: "GB",
      page: undefined,
      limit: undefined,
      all: false,
    });
  });

  it("resolve needs category, country and year", async () => {
    expect(
      await parsedOptions(resolveCommand, [
        "--category",
        "electricity_grid",
        "--country",
        "ES",
        "--year",
        "2024",
        "--company",
        ID,
      ]),
    ).toEqual({
      category: "electricity_grid",
      country: "ES",
      year: "2024",
      company: ID,
      noProxy: false,
    });
    await expect(
      parsedOptions(resolveCommand, ["--category", "natural_gas", "--country", "ES"]),
    ).rejects.toMatchObject({ code: "commander.missingMandatoryOptionValue" });
  });

  it("custom list takes --company", async () => {
    expect(await parsedOptions(listCustom, ["--company", ID, "--all"])).toEqual({
      page: undefined,
      limit: undefined,
      all: true,
      filters: { companyId: ID },
    });
  });

  it("custom list without --company is a commander error", async () => {
    await expect(parsedOptions(listCustom, ["--all"])).rejects.toMatchObject({
      code: "commander.missingMandatoryOptionValue",
    });
  });

  it("custom get takes the id argument", async () => {
    expect(await parsedOptions(getCustom, [ID])).toEqual({ id: ID });
  });

  it("custom create maps every flag", async () => {
    expect(
      await parsedOptions(createCustom, [
        "--company",
        ID,
        "--category",
        "electricity_grid",
        "--unit",
        "kWh",
        "--co2e",
        "0.05",
        "--co2",
        "0.049",
        "--ch4",
        "0.0001",
        "--n2o",
        "0.00001",
        "--year",
        "2024",
        "--basis",
        "market",
        "--source",
        "supplier disclosure",
        "--id",
        ID,
      ]),
    ).toEqual({
      company: ID,
      category: "electricity_grid",
      unit: "kWh",
      co2e: "0.05",
      co2: "0.049",
      ch4: "0.0001",
      n2o: "0.00001",
      year: "2024",
      basis: "market",
      source: "supplier disclosure",
      id: ID,
      dryRun: false,
    });
  });
});
