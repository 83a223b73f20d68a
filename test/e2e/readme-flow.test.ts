import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSandbox, type Sandbox } from "./helpers/exec.js";

// The README's first command, as a new user runs it: default database under the user's HOME.
const company = "6b1f0c3e-8a52-4f0e-9d7a-2f4c1e5b7a90";
const acme = "fixtures/consumptions/acme-offices-2024.csv";
const spanish = "fixtures/consumptions/spanish-utility-semicolon.csv";
const mistakes = "fixtures/consumptions/typical-mistakes.csv";
const ansi = "fixtures/consumptions/spanish-utility-windows-1252.csv";

interface Report {
  rowsRead: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  committed: boolean;
}

describe("a new user on a fresh machine", () => {
  let sandbox: Sandbox;
  beforeAll(() => {
    // Its first command creates and migrates the database, as a new user's does.
    sandbox = createSandbox({ fromScratch: true });
  });
  afterAll(() => sandbox.remove());

  const defaultDb = () => path.join(sandbox.home, ".local", "share", "carbon", "carbon.db");

  it("--version and --help answer without creating a database", async () => {
    const version = await sandbox.run(["--version"]);
    expect(version.code).toBe(0);
    const pkg: { version: string } = JSON.parse(readFileSync("package.json", "utf8"));
    expect(version.stdout.trim()).toBe(pkg.version);
    const help = await sandbox.run(["--help"]);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain("consumptions");
    expect(help.stdout).toContain("emissions");
    expect(existsSync(defaultDb())).toBe(false);
  });

  it("creates the company, imports the fixture with its buildings, and sees emissions", async () => {
    const created = await sandbox.run([
      "companies",
      "create",
      "--id",
      company,
      "--name",
      "Acme Offices",
      "--country",
      "ES",
      "--json",
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({
      id: company,
      name: "Acme Offices",
      country: "ES",
    });

    const imported = await sandbox.run([
      "consumptions",
      "import",
      acme,
      "--company",
      company,
      "--create-buildings",
      "--json",
    ]);
    expect(imported.code, imported.stderr).toBe(0);
    const report: Report = JSON.parse(imported.stdout);
    expect(report).toMatchObject({
      rowsRead: 161,
      inserted: 161,
      updated: 0,
      unchanged: 0,
      rejected: 0,
      committed: true,
    });
    expect(existsSync(defaultDb())).toBe(true);

    const dashboard = await sandbox.run(["emissions", "dashboard", "--year", "2024"]);
    expect(dashboard.code, dashboard.stderr).toBe(0);
    expect(dashboard.stdout).toMatch(/2024-01/);
  });

  it("re-importing the same file changes nothing", async () => {
    const again = await sandbox.run([
      "consumptions",
      "import",
      acme,
      "--company",
      company,
      "--json",
    ]);
    expect(again.code, again.stderr).toBe(0);
    expect(JSON.parse(again.stdout)).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: 161,
      rejected: 0,
    });
  });

  it("exports the same totals in every format, and grouped totals add up", async () => {
    const json = await sandbox.run([
      "emissions",
      "export",
      "--company",
      company,
      "--format",
      "json",
    ]);
    expect(json.code, json.stderr).toBe(0);
    const doc: {
      totals: { co2e: number; count: number };
      data: { co2e: number | null; line: string }[];
    } = JSON.parse(json.stdout);
    // Every emission line: the 161 bills' own and the category 3 lines of their energy.
    const lines = doc.data.length;
    expect(doc.data.filter((row) => row.line === "direct")).toHaveLength(161);
    expect(lines).toBe(doc.totals.count);
    const sum = doc.data.reduce((total, row) => total + (row.co2e ?? 0), 0);
    expect(sum).toBeCloseTo(doc.totals.co2e, 6);
    expect(doc.totals.co2e).toBeGreaterThan(0);

    const ndjson = await sandbox.run([
      "emissions",
      "export",
      "--company",
      company,
      "--format",
      "ndjson",
    ]);
    expect(ndjson.stdout.trim().split("\n")).toHaveLength(lines);

    const csv = await sandbox.run(["emissions", "export", "--company", company, "--format", "csv"]);
    const rows = csv.stdout.trim().split("\n");
    expect(rows[0]).toMatch(
      /^id,consumptionId,companyId,buildingId,categoryId,scope,startDate,endDate,co2e/,
    );
    expect(rows).toHaveLength(lines + 1);

    const byMonth = await sandbox.run([
      "emissions",
      "export",
      "--company",
      company,
      "--group-by",
      "month",
      "--format",
      "json",
    ]);
    expect(byMonth.code, byMonth.stderr).toBe(0);
    const grouped: { data: { co2e: number; key: Record<string, string> }[] } = JSON.parse(
      byMonth.stdout,
    );
    expect(grouped.data.map((row) => row.key.month)).toEqual([
      "2024-01",
      "2024-02",
      "2024-03",
      "2024-04",
      "2024-05",
      "2024-06",
      "2024-07",
      "2024-08",
      "2024-09",
      "2024-10",
      "2024-11",
      "2024-12",
    ]);
    const monthly = grouped.data.reduce((total, row) => total + row.co2e, 0);
    expect(monthly).toBeCloseTo(doc.totals.co2e, 6);
  });

  it("shows the consumption dashboard", async () => {
    const result = await sandbox.run([
      "consumptions",
      "dashboard",
      "--company",
      company,
      "--year",
      "2024",
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain("electricity");
  });

  it("rejects a file with mistakes line by line and stores nothing (exit 3)", async () => {
    const before = await sandbox.run([
      "consumptions",
      "list",
      "--company",
      company,
      "--all",
      "--json",
    ]);
    const countBefore = (JSON.parse(before.stdout) as unknown[]).length;

    const result = await sandbox.run(["consumptions", "import", mistakes, "--company", company]);
    expect(result.code).toBe(3);
    expect(result.stderr).toContain("line 3, column endDate");
    expect(result.stderr).toContain("line 6, column quantity");
    expect(result.stderr).not.toMatch(/\n\s+at /); // no stack trace

    const after = await sandbox.run([
      "consumptions",
      "list",
      "--company",
      company,
      "--all",
      "--json",
    ]);
    expect((JSON.parse(after.stdout) as unknown[]).length).toBe(countBefore);
  });

  it("imports a Spanish Excel export with --decimal-comma, and refuses it without", async () => {
    const refused = await sandbox.run([
      "consumptions",
      "import",
      spanish,
      "--company",
      company,
      "--create-buildings",
    ]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain("--decimal-comma");

    const ok = await sandbox.run([
      "consumptions",
      "import",
      spanish,
      "--company",
      company,
      "--create-buildings",
      "--decimal-comma",
      "--json",
    ]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(JSON.parse(ok.stdout)).toMatchObject({ rejected: 0, inserted: 32 });
  });

  it("refuses a Windows-1252 export as UTF-8 (exit 3) and reads it with --encoding", async () => {
    const args = ["consumptions", "import", ansi, "--company", company, "--create-buildings"];
    const refused = await sandbox.run([...args, "--decimal-comma"]);
    expect(refused.code).toBe(3);
    expect(refused.stderr).toContain("is not UTF-8 text: line 2");
    expect(refused.stderr).toContain("--encoding windows-1252");

    const ok = await sandbox.run([...args, "--decimal-comma", "--encoding", "windows-1252"]);
    expect(ok.code, ok.stderr).toBe(0);
    expect(ok.stderr).toContain("Almacén Málaga, Oficina Logroño");
    const buildings = await sandbox.run(["buildings", "list", "--company", company, "--json"]);
    const names = (JSON.parse(buildings.stdout) as { name: string }[]).map((b) => b.name);
    expect(names).toEqual(expect.arrayContaining(["Almacén Málaga", "Oficina Logroño"]));
  });
});
