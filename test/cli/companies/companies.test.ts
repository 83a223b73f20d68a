/** Tier 2: companies commands on a real local database, output checked per format. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestIo } from "../../../src/cli/io.js";
import type { Company } from "../../../src/core/model/company.js";
import { databaseContexts, errorCode } from "../helpers.js";
import { runCreate, runGet, runList } from "./runs.js";

const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
let contexts: ReturnType<typeof databaseContexts>;

beforeEach(() => {
  contexts = databaseContexts();
});
afterEach(async () => {
  await contexts.closeAll();
});

async function seed(count: number): Promise<Company[]> {
  const service = await contexts.ctx().service();
  const companies: Company[] = [];
  for (let index = 0; index < count; index += 1) {
    const id = `00000000-0000-4000-8000-${String(index).padStart(12, "0")}`;
    companies.push(await service.companies.upsert({ id, name: `Company ${index}`, country: "ES" }));
  }
  return companies;
}

describe("companies create", () => {
  it("creates with the given id and prints the company as json", async () => {
    const ctx = contexts.ctx({ json: true });
    await runCreate(ctx, { name: " Acme Iberia ", country: "es", id: ACME });
    const company: Company = JSON.parse(ctx.io.stdoutText());
    expect(company).toMatchObject({ id: ACME, name: "Acme Iberia", country: "ES" });
    expect(company.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });

  it("without --id makes a new UUID each time; without --country the country is empty", async () => {
    const first = contexts.ctx({ format: "ndjson" });
    const second = contexts.ctx({ format: "ndjson" });
    await runCreate(first, { name: "A" });
    await runCreate(second, { name: "A" });
    const a: Company = JSON.parse(first.io.stdoutText());
    const b: Company = JSON.parse(second.io.stdoutText());
    expect(a.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(a.id).not.toBe(b.id);
    expect(a.country).toBeNull();
  });

  it("the same --id updates instead of duplicating", async () => {
    await runCreate(contexts.ctx({ json: true }), { name: "Acme", id: ACME });
    await runCreate(contexts.ctx({ json: true }), { name: "Acme Renamed", id: ACME });
    const list = contexts.ctx({ json: true });
    await runList(list, { all: true });
    const companies: Company[] = JSON.parse(list.io.stdoutText());
    expect(companies.map((company) => company.name)).toEqual(["Acme Renamed"]);
  });

  it.each([
    [{ name: "Acme", country: "Spain" }],
    [{ name: "Acme", id: "acme" }],
    [{ name: "   " }],
  ])("%j is a usage error and stores nothing", async (opts) => {
    expect(await errorCode(() => runCreate(contexts.ctx(), opts))).toBe("usage");
    const list = contexts.ctx({ json: true });
    await runList(list, { all: true });
    expect(JSON.parse(list.io.stdoutText())).toEqual([]);
  });
});

describe("companies get", () => {
  it.each([
    [
      "tsv",
      new RegExp(
        `^id\tname\tcountry\tcreatedAt\n${ACME}\tAcme\tES\t\\d{4}-\\d{2}-\\d{2}T[^\t]*Z\n$`,
      ),
    ],
    ["csv", new RegExp(`^id,name,country,createdAt\r\n${ACME},Acme,ES,\\d{4}-[^,]*Z\r\n$`)],
    ["table", /│ name\s+│ Acme\s+│/],
    ["json", new RegExp(`^\\{\n  "id": "${ACME}",\n  "name": "Acme",`)],
  ] as const)("%s", async (format, expected) => {
    await runCreate(contexts.ctx({ json: true }), { name: "Acme", country: "ES", id: ACME });
    const ctx = contexts.ctx({ format });
    await runGet(ctx, { id: ACME });
    expect(ctx.io.stdoutText()).toMatch(expected);
  });

  it("an unknown id is not_found", async () => {
    expect(await errorCode(() => runGet(contexts.ctx(), { id: ACME }))).toBe("not_found");
  });
});

describe("companies list", () => {
  it("json is one array of the raw companies; ndjson one per line", async () => {
    const seeded = await seed(3);
    const json = contexts.ctx({ format: "json" });
    await runList(json, { all: false });
    expect(JSON.parse(json.io.stdoutText())).toEqual(expect.arrayContaining(seeded));
    const ndjson = contexts.ctx({ format: "ndjson" });
    await runList(ndjson, { all: false });
    const lines = ndjson.io.stdoutText().trimEnd().split("\n");
    expect(lines.map((line) => JSON.parse(line))).toEqual(JSON.parse(json.io.stdoutText()));
  });

  it("tsv (the default off a terminal) has a header and one line per company", async () => {
    await seed(3);
    const ctx = contexts.ctx();
    await runList(ctx, { all: false });
    const lines = ctx.io.stdoutText().trimEnd().split("\n");
    expect(lines[0]).toBe("id\tname\tcountry\tcreatedAt");
    expect(
      lines
        .slice(1)
        .map((line) => line.split("\t")[1])
        .sort(),
    ).toEqual(["Company 0", "Company 1", "Company 2"]);
  });

  it("one page by default, a note on a terminal when more exist; --all fetches every page", async () => {
    await seed(5);
    const page = contexts.ctx({ format: "json" }, createTestIo({ stderrIsTty: true }));
    await runList(page, { limit: "2", all: false });
    expect(JSON.parse(page.io.stdoutText())).toHaveLength(2);
    expect(page.io.stderrText()).toBe("showing 2 of 5; use --all or --page 2\n");

    const last = contexts.ctx({ format: "json" }, createTestIo({ stderrIsTty: true }));
    await runList(last, { limit: "2", page: "3", all: false });
    expect(JSON.parse(last.io.stdoutText())).toHaveLength(1);
    expect(last.io.stderrText()).toBe("");

    const all = contexts.ctx({ format: "json" }, createTestIo({ stderrIsTty: true }));
    await runList(all, { limit: "2", all: true });
    const names = JSON.parse(all.io.stdoutText()).map((company: Company) => company.name);
    expect(new Set(names).size).toBe(5);
    expect(all.io.stderrText()).toBe("");
  });

  it("the note also when stderr is not a terminal (a script learns it got one page), not with --quiet", async () => {
    await seed(3);
    const piped = contexts.ctx({ format: "json" });
    await runList(piped, { limit: "1", all: false });
    expect(piped.io.stderrText()).toBe("showing 1 of 3; use --all or --page 2\n");
    const quiet = contexts.ctx(
      { format: "json", quiet: true },
      createTestIo({ stderrIsTty: true }),
    );
    await runList(quiet, { limit: "1", all: false });
    expect(quiet.io.stderrText()).toBe("");
  });

  it("table on a terminal shows the names", async () => {
    await seed(2);
    const ctx = contexts.ctx({}, createTestIo({ stdoutIsTty: true, columns: 160 }));
    await runList(ctx, { all: false });
    expect(ctx.io.stdoutText()).toMatch(/│ Company 0\s+│ ES/);
  });
});
