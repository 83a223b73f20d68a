/** Tier 2: buildings commands on a real local database. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Building } from "../../../src/core/model/building.js";
import { databaseContexts, errorCode } from "../helpers.js";
import { runCreate, runGet, runList } from "./runs.js";

const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const GLOBEX = "5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e";
const HQ = "8d2e4f6a-1b3c-4d5e-8f7a-9b0c1d2e3f4a";
let contexts: ReturnType<typeof databaseContexts>;

beforeEach(async () => {
  contexts = databaseContexts();
  const service = await contexts.ctx().service();
  await service.companies.upsert({ id: ACME, name: "Acme", country: "ES" });
  await service.companies.upsert({ id: GLOBEX, name: "Globex", country: "GB" });
});
afterEach(async () => {
  await contexts.closeAll();
});

async function created(opts: Parameters<typeof runCreate>[1]): Promise<Building> {
  const ctx = contexts.ctx({ json: true });
  await runCreate(ctx, opts);
  return JSON.parse(ctx.io.stdoutText());
}

describe("buildings create", () => {
  it("creates a building of a company and prints it", async () => {
    const building = await created({ company: ACME, name: "Madrid HQ", country: "es", id: HQ });
    expect(building).toMatchObject({ id: HQ, companyId: ACME, name: "Madrid HQ", country: "ES" });
  });

  it("an unknown company is not_found", async () => {
    const code = await errorCode(() =>
      runCreate(contexts.ctx(), { company: "00000000-0000-4000-8000-000000000000", name: "X" }),
    );
    expect(code).toBe("not_found");
  });

  it.each([
    [{ company: " ", name: "HQ" }],
    [{ company: ACME, name: "HQ", country: "Spain" }],
    [{ company: ACME, name: "HQ", id: "hq-1" }],
  ])("%j is a usage error", async (opts) => {
    expect(await errorCode(() => runCreate(contexts.ctx(), opts))).toBe("usage");
  });
});

describe("buildings upsert checks its own flags before looking a company name up", () => {
  it.each([
    [{ company: "Initech", name: "  " }],
    [{ company: "Initech", name: "HQ", country: "Spain" }],
  ])("%j is a usage error, not the unknown company's not_found", async (opts) => {
    expect(await errorCode(() => runCreate(contexts.ctx(), opts))).toBe("usage");
  });
});

describe("buildings get and list", () => {
  it("get prints one building as csv; an unknown id is not_found", async () => {
    await created({ company: ACME, name: "Madrid HQ", id: HQ });
    const ctx = contexts.ctx({ format: "csv" });
    await runGet(ctx, { id: HQ });
    expect(ctx.io.stdoutText()).toMatch(
      new RegExp(
        `^id,companyId,name,country,createdAt\r\n${HQ},${ACME},Madrid HQ,,\\d{4}-[^,]*Z\r\n$`,
      ),
    );
    expect(
      await errorCode(() => runGet(contexts.ctx(), { id: "00000000-0000-4000-8000-000000000000" })),
    ).toBe("not_found");
  });

  it("--company keeps only that company's buildings", async () => {
    await created({ company: ACME, name: "Madrid HQ" });
    await created({ company: ACME, name: "Sevilla" });
    await created({ company: GLOBEX, name: "London" });
    const acme = contexts.ctx({ json: true });
    await runList(acme, { company: ACME, all: true });
    const names = JSON.parse(acme.io.stdoutText()).map((building: Building) => building.name);
    expect(names.sort()).toEqual(["Madrid HQ", "Sevilla"]);
    const every = contexts.ctx({ format: "tsv" });
    await runList(every, { all: true });
    expect(every.io.stdoutText().trimEnd().split("\n")).toHaveLength(4);
  });

  it("an empty --company is a usage error; a name nobody has is not_found", async () => {
    expect(await errorCode(() => runList(contexts.ctx(), { company: "", all: false }))).toBe(
      "usage",
    );
    expect(await errorCode(() => runList(contexts.ctx(), { company: "Initech", all: false }))).toBe(
      "not_found",
    );
  });
});
