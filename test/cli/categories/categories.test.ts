/** Tier 2: categories list on a real local database (the tree is seeded on first open). */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { categoriesFace } from "../../../src/cli/commands/categories/face.js";
import { runReadOnlyList } from "../../../src/cli/commands/resource-run.js";
import { categoryId } from "../../../src/core/ids.js";
import type { Category } from "../../../src/core/model/category.js";
import { databaseContexts, errorCode } from "../helpers.js";

let contexts: ReturnType<typeof databaseContexts>;

beforeEach(() => {
  contexts = databaseContexts();
});
afterEach(async () => {
  await contexts.closeAll();
});

function runList(
  ctx: Parameters<typeof runReadOnlyList>[0],
  filters: { level?: string; parent?: string },
) {
  return runReadOnlyList(ctx, categoriesFace, { filters });
}

async function categories(level?: string): Promise<Category[]> {
  const ctx = contexts.ctx({ json: true });
  await runList(ctx, level === undefined ? {} : { level });
  return JSON.parse(ctx.io.stdoutText());
}

describe("categories list", () => {
  it("--level scope gives the three scopes", async () => {
    const scopes = await categories("scope");
    expect(scopes.map((category) => category.code).sort()).toEqual([
      "scope_1",
      "scope_2",
      "scope_3",
    ]);
    expect(scopes.every((category) => category.parentId === null)).toBe(true);
  });

  it("ids are the stable UUID v5 of the code, and parents exist", async () => {
    const all = await categories();
    const ids = new Set(all.map((category) => category.id));
    for (const category of all) {
      expect(category.id).toBe(categoryId(category.code));
      if (category.parentId !== null) expect(ids.has(category.parentId)).toBe(true);
    }
  });

  it("--level subcategory includes natural_gas (scope 1, kWh) and electricity (scope 2)", async () => {
    const subcategories = await categories("subcategory");
    expect(subcategories.every((category) => category.level === "subcategory")).toBe(true);
    expect(subcategories.find((category) => category.code === "natural_gas")).toMatchObject({
      scope: 1,
      defaultUnit: "kWh",
    });
    expect(subcategories.find((category) => category.code === "electricity")).toMatchObject({
      scope: 2,
    });
  });

  it("tsv columns are the record fields of cli.md", async () => {
    const ctx = contexts.ctx({ format: "tsv" });
    await runList(ctx, { level: "scope" });
    const [header, ...rows] = ctx.io.stdoutText().trimEnd().split("\n");
    expect(header).toBe("id\tlevel\tcode\tname\tparentId\tscope\tdefaultUnit");
    expect(rows).toContain(
      `${categoryId("scope_2")}\tscope\tscope_2\tScope 2: indirect emissions from purchased energy\t\t2\t`,
    );
  });

  it("an unknown --level is a usage error", async () => {
    expect(await errorCode(() => runList(contexts.ctx(), { level: "leaf" }))).toBe("usage");
  });
});

describe("categories list --parent", () => {
  async function under(parent: string, level?: string): Promise<Category[]> {
    const ctx = contexts.ctx({ json: true });
    await runList(ctx, level === undefined ? { parent } : { parent, level });
    return JSON.parse(ctx.io.stdoutText());
  }

  it("lists the subcategories of one category, in tree order", async () => {
    const travel = await under("s3_06_business_travel");
    expect(travel.every((c) => c.parentId === categoryId("s3_06_business_travel"))).toBe(true);
    expect(travel.slice(0, 2).map((c) => c.code)).toEqual(["flight_domestic", "flight_short_haul"]);
    // The hotel night subcategory sits beside the flights, and the UUID works as the code does.
    expect(travel.map((c) => c.code)).toContain("hotel_stay");
    expect(await under(categoryId("s3_06_business_travel"))).toEqual(travel);
    // A scope's categories.
    expect((await under("scope_2")).map((c) => c.code)).toEqual([
      "purchased_electricity",
      "purchased_heat_steam_cooling",
    ]);
  });

  it("an unknown parent is not found (exit 5)", async () => {
    const ctx = contexts.ctx({ json: true });
    expect(await errorCode(() => runList(ctx, { parent: "no_such_category" }))).toBe("not_found");
  });
});
