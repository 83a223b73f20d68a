/** A category code is case-insensitive everywhere a user types one (one lookup: core/category-index.ts). */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runUpsert } from "../../src/cli/commands/consumptions/upsert.js";
import { runCreate as runCustomCreate } from "../../src/cli/commands/factors/custom/create.js";
import { runResolve } from "../../src/cli/commands/factors/resolve.js";
import { categoryId } from "../../src/core/ids.js";
import { databaseContexts } from "./helpers.js";

const COMPANY = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const BUILDING = "8d2e4f6a-1111-4222-8333-444455556666";
let contexts: ReturnType<typeof databaseContexts>;

beforeEach(async () => {
  contexts = databaseContexts();
  const service = await contexts.ctx().service();
  await service.companies.upsert({ id: COMPANY, name: "Acme", country: "GB" });
  await service.buildings.upsert({ id: BUILDING, companyId: COMPANY, name: "HQ", country: "GB" });
});
afterEach(async () => {
  await contexts.closeAll();
});

describe("category codes in any case", () => {
  it("factors resolve takes Natural_Gas as natural_gas", async () => {
    const ctx = contexts.ctx({ json: true });
    await runResolve(ctx, { category: " Natural_Gas ", country: "GB", year: "2025" });
    const lower = contexts.ctx({ json: true });
    await runResolve(lower, { category: "natural_gas", country: "GB", year: "2025" });
    expect(JSON.parse(ctx.io.stdoutText())).toEqual(JSON.parse(lower.io.stdoutText()));
  });

  it("consumptions upsert stores Natural_Gas under the natural_gas subcategory", async () => {
    const ctx = contexts.ctx({ json: true });
    await runUpsert(ctx, {
      company: COMPANY,
      building: BUILDING,
      category: "Natural_Gas",
      start: "2025-01-01",
      end: "2025-01-31",
      quantity: "100",
      unit: "kWh",
    });
    expect(JSON.parse(ctx.io.stdoutText())).toMatchObject({
      consumption: { categoryId: categoryId("natural_gas") },
    });
  });

  it("factors custom create takes ELECTRICITY as electricity", async () => {
    const ctx = contexts.ctx({ json: true });
    await runCustomCreate(ctx, {
      company: COMPANY,
      category: "ELECTRICITY",
      unit: "kWh",
      co2e: "0.05",
      source: "Supplier mix",
    });
    expect(JSON.parse(ctx.io.stdoutText())).toMatchObject({
      categoryId: categoryId("electricity"),
    });
  });
});
