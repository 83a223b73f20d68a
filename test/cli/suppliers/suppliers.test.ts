/** Tier 2: suppliers list, get, upsert and import on a real local database. */
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { importCommand, runImport } from "../../../src/cli/commands/suppliers/import.js";

import { runUpsert, type UpsertOptions } from "../../../src/cli/commands/suppliers/upsert.js";
import { supplierId } from "../../../src/core/model/supplier.js";
import { databaseContexts, errorCode, parsedOptions } from "../helpers.js";
import { runGet, runList } from "./runs.js";

const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const fixtures = path.resolve(import.meta.dirname, "../../../fixtures/suppliers");
let contexts: ReturnType<typeof databaseContexts>;

beforeEach(async () => {
  contexts = databaseContexts();
  const service = await contexts.ctx().service();
  await service.companies.upsert({ id: ACME, name: "Acme", country: "ES" });
});
afterEach(async () => {
  await contexts.closeAll();
});

const iberdrola: UpsertOptions = {
  company: ACME,
  type: "suppliers",
  name: "Iberdrola",
  email: "facturas@iberdrola.example",
  externalId: "PRV-1",
  dryRun: false,
};

async function upserted(opts: UpsertOptions): Promise<unknown> {
  const ctx = contexts.ctx({ json: true });
  await runUpsert(ctx, opts);
  return JSON.parse(ctx.io.stdoutText());
}

describe("suppliers upsert", () => {
  it("prints {id, name, email, outcome}; the same external id again is unchanged", async () => {
    expect(await upserted(iberdrola)).toEqual({
      id: supplierId(ACME, "PRV-1"),
      name: "Iberdrola",
      email: "facturas@iberdrola.example",
      outcome: "inserted",
    });
    expect(await upserted(iberdrola)).toMatchObject({ outcome: "unchanged" });
    expect(await upserted({ ...iberdrola, dryRun: true, name: "Other" })).toMatchObject({
      outcome: "updated",
    });
  });

  it.each([
    ["a bad --email", { email: "facturas.iberdrola" }, "usage"],
    ["a bad --type", { type: "vendors" }, "usage"],
    ["an empty --company", { company: "" }, "usage"],
    ["a company name nobody has", { company: "Initech" }, "not_found"],
    ["an unknown company", { company: "00000000-0000-4000-8000-000000000000" }, "not_found"],
  ])("%s is %s", async (_what, over, code) => {
    expect(await errorCode(() => runUpsert(contexts.ctx(), { ...iberdrola, ...over }))).toBe(code);
  });
});

describe("suppliers import and list", () => {
  it("imports the fixture, lists clients only, and refuses the mistakes file (validation)", async () => {
    const file = path.join(fixtures, "proveedores-y-clientes.csv");
    const importing = contexts.ctx();
    await runImport(importing, { file, company: ACME, dryRun: false, skipInvalid: false });
    expect(importing.io.stderrText()).toMatch(/inserted\s+10/);

    const listing = contexts.ctx({ format: "csv" });
    await runList(listing, { company: ACME, type: "clients", all: true });
    const lines = listing.io.stdoutText().trim().split(/\r?\n/);
    expect(lines[0]).toBe("id,companyId,type,name,email,address,externalId,updatedAt");
    expect(lines).toHaveLength(5);
    expect(lines.slice(1).every((line) => line.includes(",clients,"))).toBe(true);

    const mistakes = path.join(fixtures, "typical-mistakes.csv");
    const bad = contexts.ctx();
    const code = await errorCode(() =>
      runImport(bad, { file: mistakes, company: ACME, dryRun: false, skipInvalid: false }),
    );
    expect(code).toBe("validation");
    expect(bad.io.stderrText()).toContain("line 3, column email:");
    expect(bad.io.stderrText()).toContain("nothing was stored because 5 rows were rejected");
  });

  it("parses the import flags", async () => {
    const opts = await parsedOptions(importCommand, [
      "s.csv",
      "--company",
      ACME,
      "--type",
      "clients",
      "--delimiter",
      ";",
      "--encoding",
      "latin1",
      "--rejects",
      "r.csv",
      "--skip-invalid",
      "--dry-run",
    ]);
    expect(opts).toEqual({
      file: "s.csv",
      company: ACME,
      type: "clients",
      delimiter: ";",
      encoding: "latin1",
      rejects: "r.csv",
      skipInvalid: true,
      dryRun: true,
    });
  });

  it.each([
    [{ type: "vendors" }],
    [{ company: " " }],
    [{ delimiter: "::" }],
    [{ encoding: "ebcdic" }],
  ])("%j is a usage error", async (over) => {
    const file = path.join(fixtures, "proveedores-y-clientes.csv");
    const base = { file, company: ACME, dryRun: false, skipInvalid: false };
    expect(await errorCode(() => runImport(contexts.ctx(), { ...base, ...over }))).toBe("usage");
  });

  it("lists with a bad --type is a usage error", async () => {
    expect(await errorCode(() => runList(contexts.ctx(), { type: "client", all: false }))).toBe(
      "usage",
    );
  });
});

describe("suppliers get", () => {
  it("shows one supplier by id, in csv and json", async () => {
    await upserted(iberdrola);
    const id = supplierId(ACME, "PRV-1");
    const csv = contexts.ctx({ format: "csv" });
    await runGet(csv, { id });
    const [header, row] = csv.io.stdoutText().split("\r\n");
    expect(header).toBe("id,companyId,type,name,email,address,externalId,updatedAt");
    expect(row).toMatch(
      new RegExp(`^${id},${ACME},suppliers,Iberdrola,facturas@iberdrola\\.example,,PRV-1,\\d{4}-`),
    );
    const json = contexts.ctx({ json: true });
    await runGet(json, { id });
    expect(JSON.parse(json.io.stdoutText())).toMatchObject({
      id,
      companyId: ACME,
      type: "suppliers",
      name: "Iberdrola",
      email: "facturas@iberdrola.example",
    });
  });

  it.each([
    ["an unknown id", "00000000-0000-4000-8000-000000000000", "not_found"],
    ["a name", "Iberdrola", "usage"],
  ])("%s is %s", async (_what, id, code) => {
    await upserted(iberdrola);
    expect(await errorCode(() => runGet(contexts.ctx(), { id }))).toBe(code);
  });
});
