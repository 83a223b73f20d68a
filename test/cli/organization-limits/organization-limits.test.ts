/**
 * `carbon organization-limits` and `carbon emissions summary --limit` through main(), on a local
 * database file and against a real `carbon serve` on port 0: the happy path, the consolidation
 * of imported bills, deleting a limit, and bad input refused with cli.md's exit code and nothing stored.
 * Natural gas, Spain 2024 (fixtures/factors/emission-factors.csv line 131, MITECO Calculadora de
 * huella de carbono V31, sheet '10. Factores de emisión' rows 10 and 74): an AR6 row of 0.182 kg
 * CO2 and 0.000016 kg CH4 per kWh, restated in the database's AR5 set as 0.182 + 0.000016 × 28 =
 * 0.182448 kgCO2e/kWh. Its well-to-tank line (scope 3 category 3) is the labelled GB proxy, DESNZ
 * 2024 'WTT- fuels > Gaseous fuels > Natural gas; kWh (Gross CV)' (fixtures/factors/extra/
 * desnz-2024.csv line 575, row 3477): 0.03021 kgCO2e/kWh. Both lines: 0.212658 kgCO2e/kWh.
 */
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OrganizationLimit } from "../../../src/core/model/organization-limit.js";
import { bothEngines, type Engine } from "../engines.js";
import { tempDir } from "../helpers.js";

const PARENT = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e01";
const SUB_A = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e02";
const SUB_B = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e03";
const OUTSIDE = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e04";
const LIMIT = "5d0c1e2f-1111-4222-8333-444455556601";
const UNKNOWN = "5d0c1e2f-1111-4222-8333-4444555566ff";

/** One 2024 gas bill per company's building, and one of 2023 that the period leaves out. */
const bills = (building: string, kWh: number, year = 2024) =>
  [
    "building,category,startDate,endDate,quantity,unit",
    `${building},natural_gas,${year}-03-01,${year}-03-31,${kWh},kWh`,
  ].join("\n");

describe.each(bothEngines)("carbon organization-limits on the %s", (_name, open) => {
  let engine: Engine;
  let depot = "";

  beforeAll(async () => {
    engine = await open();
    const dir = tempDir();
    for (const [id, name, building, kWh] of [
      [PARENT, "Parent", "HQ", 1000],
      [SUB_A, "Sub A", "Plant A", 2000],
      [SUB_B, "Sub B", "Plant B", 3000],
      [OUTSIDE, "Outside", "Depot", 4000],
    ] as const) {
      const company = await engine.carbon("companies", "create", "--id", id, "--name", name);
      expect(company.code, company.stderr).toBe(0);
      const made = await engine.carbon(
        "buildings",
        "create",
        "--company",
        id,
        "--name",
        building,
        "--country",
        "ES",
        "--json",
      );
      expect(made.code, made.stderr).toBe(0);
      if (building === "Depot") depot = JSON.parse(made.stdout).id;
      const csv = path.join(dir, `${name}.csv`);
      fs.writeFileSync(csv, `${bills(building, kWh)}\n`);
      const imported = await engine.carbon("consumptions", "import", csv, "--company", id);
      expect(imported.code, imported.stderr).toBe(0);
    }
    const old = path.join(dir, "old.csv");
    fs.writeFileSync(old, `${bills("Plant A", 9999, 2023)}\n`);
    expect((await engine.carbon("consumptions", "import", old, "--company", SUB_A)).code).toBe(0);
    const created = await engine.carbon(
      "organization-limits",
      "upsert",
      "--id",
      LIMIT,
      "--company",
      "Parent",
      "--name",
      "FY2024 equity",
      "--approach",
      "equity_share",
      "--from",
      "2024-01-01",
      "--to",
      "2024-12-31",
      "--subsidiary",
      `${SUB_A}:60`,
      "--subsidiary",
      SUB_B,
      "--building",
      `${depot}:50`,
      "--json",
    );
    expect(created.stderr).toBe("");
    expect(created.code).toBe(0);
  });
  afterAll(async () => {
    await engine.close();
  });

  async function stored(): Promise<OrganizationLimit[]> {
    const listed = await engine.carbon(
      "organization-limits",
      "list",
      "--company",
      PARENT,
      "--json",
    );
    expect(listed.code, listed.stderr).toBe(0);
    return JSON.parse(listed.stdout);
  }

  it("upsert stores the limit; get and list show it", async () => {
    const got = await engine.carbon(
      "organization-limits",
      "get",
      LIMIT,
      "--company",
      "Parent",
      "--json",
    );
    expect(got.code, got.stderr).toBe(0);
    expect(JSON.parse(got.stdout)).toMatchObject({
      id: LIMIT,
      companyId: PARENT,
      name: "FY2024 equity",
      approach: "equity_share",
      periodFrom: "2024-01-01",
      periodTo: "2024-12-31",
      members: [
        { companyId: SUB_A, buildingId: null, sharePercent: 60 },
        { companyId: SUB_B, buildingId: null, sharePercent: 100 },
        { companyId: null, buildingId: depot, sharePercent: 50 },
      ],
    });
    expect((await stored()).map((limit) => limit.id)).toEqual([LIMIT]);
    const table = await engine.carbon("organization-limits", "list", "--company", PARENT);
    expect(table.stdout).toContain(`company:${SUB_A}:60`);
  });

  it("emissions summary consolidates by the limit and names it", async () => {
    const summary = await engine.carbon(
      "emissions",
      "summary",
      "--company",
      "Parent",
      "--limit",
      LIMIT,
    );
    expect(summary.code, summary.stderr).toBe(0);
    expect(summary.stderr).toContain(
      `organization limit "FY2024 equity" (${LIMIT}): equity_share, 2024-01-01 to 2024-12-31`,
    );
    const lines = summary.stdout
      .trim()
      .split("\n")
      .map((line) => line.split("\t"));
    // consolidatedKg, natural gas (MITECO ES 2024 in AR5, 0.182448 kg/kWh) and its well-to-tank
    // (GB proxy, DESNZ 2024, 0.03021 kg/kWh), 0.212658 kg/kWh in all: 1000 × 0.212658 = 212.658;
    // 2000 × 0.212658 = 425.316 × 60 % = 255.1896; 3000 × 0.212658 = 637.974 × 100 %;
    // 4000 × 0.212658 = 850.632 × 50 % = 425.316; total 1531.1376
    expect(lines.map((cells) => [cells[0], cells[3], Number(cells[4]).toFixed(6)])).toEqual([
      ["kind", "appliedPercent", "NaN"],
      ["company", "100", "212.658000"],
      ["company", "60", "255.189600"],
      ["company", "100", "637.974000"],
      ["building", "50", "425.316000"],
      ["total", "", "1531.137600"],
    ]);
    const json = await engine.carbon(
      "emissions",
      "summary",
      "--company",
      PARENT,
      "--limit",
      LIMIT,
      "--json",
    );
    expect(JSON.parse(json.stdout).totals.co2e).toBeCloseTo(1531.1376, 9);
  });

  it.each([
    ["a member that is not a UUID", ["--subsidiary", "Sub A:60"], 2, "--subsidiary"],
    ["a share that is not a number", ["--subsidiary", `${SUB_A}:sixty`], 2, "--subsidiary"],
    [
      "a part share under a control approach",
      ["--approach", "operational_control", "--subsidiary", `${SUB_A}:60`],
      3,
      "members.0.sharePercent",
    ],
    ["an unknown approach", ["--approach", "equity"], 2, "--approach"],
    ["a period ending before it starts", ["--to", "2023-12-31"], 3, "periodTo"],
    ["the company itself as a member", ["--subsidiary", PARENT], 3, "members.0.companyId"],
    ["an unknown member", ["--subsidiary", UNKNOWN], 5, "members.0.companyId"],
  ])("refuses %s with its exit code, and stores nothing", async (_what, change, code, where) => {
    const before = await stored();
    const flags: Record<string, string> = {
      "--id": LIMIT,
      "--company": PARENT,
      "--name": "Changed",
      "--approach": "equity_share",
      "--from": "2024-01-01",
      "--to": "2024-12-31",
    };
    const extra: string[] = [];
    for (let i = 0; i < change.length; i += 2) {
      const [flag = "", value = ""] = [change[i], change[i + 1]];
      if (flag in flags && flag !== "--subsidiary") flags[flag] = value;
      else extra.push(flag, value);
    }
    const outcome = await engine.carbon(
      "organization-limits",
      "upsert",
      ...Object.entries(flags).flat(),
      ...extra,
    );
    expect(outcome.code, outcome.stderr).toBe(code);
    expect(outcome.stderr).toContain(where);
    expect(outcome.stderr).not.toMatch(/\n\s+at /);
    expect(await stored()).toEqual(before);
  });

  it("an unknown limit, or another company's, is not found (exit 5)", async () => {
    for (const [company, id] of [
      [PARENT, UNKNOWN],
      [SUB_A, LIMIT],
    ] as const) {
      const got = await engine.carbon("organization-limits", "get", id, "--company", company);
      expect(got.code).toBe(5);
      const summary = await engine.carbon(
        "emissions",
        "summary",
        "--company",
        company,
        "--limit",
        id,
      );
      expect(summary.code).toBe(5);
    }
  });
  it("emissions dashboard and export consolidate by the limit and name it", async () => {
    const dashboard = await engine.carbon(
      "emissions",
      "dashboard",
      "--company",
      "Parent",
      "--limit",
      LIMIT,
      "--json",
    );
    expect(dashboard.code, dashboard.stderr).toBe(0);
    expect(dashboard.stderr).toContain(
      `organization limit "FY2024 equity" (${LIMIT}): equity_share, 2024-01-01 to 2024-12-31`,
    );
    const grid = JSON.parse(dashboard.stdout);
    expect(grid.limit).toMatchObject({ id: LIMIT, approach: "equity_share" });
    // 182.448 + 364.896 × 60 % + 547.344 + 729.792 × 50 % = 182.448 + 218.9376 + 547.344 +
    // 364.896 = 1313.6256 kg, all natural gas of March 2024 (scope 1, 0.182448 kg/kWh); Sub A's
    // 2023 bill lies outside the limit's period. Four bills, each counted once. Their
    // well-to-tank (scope 3): (1000 + 2000 × 60 % + 3000 + 4000 × 50 %) × 0.03021 = 217.512 kg.
    expect(grid.groups).toHaveLength(2);
    expect(grid.groups[0].key).toEqual({ month: "2024-03", scope: "1" });
    expect(grid.groups[0].co2e).toBeCloseTo(1313.6256, 9);
    expect(grid.groups[0].count).toBe(4);
    expect(grid.groups[1].key).toEqual({ month: "2024-03", scope: "3" });
    expect(grid.groups[1].co2e).toBeCloseTo(217.512, 9);
    expect(grid.totals.byScope["1"]).toBeCloseTo(1313.6256, 9);
    expect(grid.totals.byScope["3"]).toBeCloseTo(217.512, 9);
    const exported = await engine.carbon(
      "emissions",
      "export",
      "--company",
      PARENT,
      "--limit",
      LIMIT,
      "--group-by",
      "month,scope",
      "--format",
      "csv",
    );
    expect(exported.code, exported.stderr).toBe(0);
    const [header, row, wtt, ...rest] = exported.stdout.trim().split(/\r?\n/);
    expect(header).toBe("month,scope,co2e,co2eMarketBased,count,awaitingFactor");
    expect(row?.split(",").slice(0, 2)).toEqual(["2024-03", "1"]);
    expect(Number(row?.split(",")[2])).toBeCloseTo(1313.6256, 9);
    expect(wtt?.split(",").slice(0, 2)).toEqual(["2024-03", "3"]);
    expect(Number(wtt?.split(",")[2])).toBeCloseTo(217.512, 9);
    expect(rest).toEqual([]);
    const json = await engine.carbon(
      "emissions",
      "export",
      "--company",
      PARENT,
      "--limit",
      LIMIT,
      "--group-by",
      "year",
      "--json",
    );
    expect(json.code, json.stderr).toBe(0);
    const document = JSON.parse(json.stdout);
    expect(document.limit.id).toBe(LIMIT);
    // 1313.6256 kg of natural gas and 217.512 of its well-to-tank.
    expect(document.totals.co2e).toBeCloseTo(1531.1376, 9);
  });

  it("a building of the company itself counts at its share in the consolidated dashboard", async () => {
    const buildings = await engine.carbon("buildings", "list", "--company", PARENT, "--json");
    const hq = JSON.parse(buildings.stdout)[0].id;
    const ownBuilding = "5d0c1e2f-1111-4222-8333-444455556602";
    const created = await engine.carbon(
      "organization-limits",
      "upsert",
      "--id",
      ownBuilding,
      "--company",
      PARENT,
      "--name",
      "HQ at 40 %",
      "--approach",
      "equity_share",
      "--from",
      "2024-01-01",
      "--to",
      "2024-12-31",
      "--subsidiary",
      `${SUB_A}:60`,
      "--building",
      `${hq}:40`,
    );
    expect(created.code, created.stderr).toBe(0);
    const dashboard = await engine.carbon(
      "emissions",
      "dashboard",
      "--company",
      PARENT,
      "--year",
      "2024",
      "--limit",
      ownBuilding,
      "--by",
      "category",
      "--json",
    );
    expect(dashboard.code, dashboard.stderr).toBe(0);
    const grid = JSON.parse(dashboard.stdout);
    // HQ is all the parent burns: 182.448 × 40 % = 72.9792; Sub A 364.896 × 60 % = 218.9376;
    // total 291.9168. Their well-to-tank (category 3): (1000 × 40 % + 2000 × 60 %) × 0.03021 =
    // 48.336; in all 291.9168 + 48.336 = 340.2528.
    expect(grid.groups).toHaveLength(2);
    expect(grid.groups[0].key.month).toBe("2024-03");
    expect(grid.groups[0].co2e).toBeCloseTo(291.9168, 9);
    expect(grid.groups[0].count).toBe(2);
    expect(grid.groups[1].key.category).toBe("s3_03_fuel_energy_related");
    expect(grid.groups[1].co2e).toBeCloseTo(48.336, 9);
    expect(grid.totals.co2e).toBeCloseTo(340.2528, 9);
  });

  it.each([
    ["--limit without --company", ["emissions", "dashboard", "--limit", LIMIT], "--company"],
    [
      "--limit with --building",
      ["emissions", "dashboard", "--company", PARENT, "--building", "HQ", "--limit", LIMIT],
      "--building",
    ],
    [
      "an export of records by a limit",
      ["emissions", "export", "--company", PARENT, "--limit", LIMIT],
      "--group-by",
    ],
    [
      "a year outside the limit's period",
      ["emissions", "dashboard", "--company", PARENT, "--year", "2023", "--limit", LIMIT],
      "2024-01-01 to 2024-12-31",
    ],
    [
      "a limit that is not a UUID",
      ["emissions", "dashboard", "--company", PARENT, "--limit", "x"],
      "--limit",
    ],
  ])("refuses %s (exit 2)", async (_what, args, text) => {
    const result = await engine.carbon(...args);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toContain(text);
    expect(result.stdout).toBe("");
  });

  it("delete asks for the company and a confirmation, a dry run deletes nothing, then it goes, audited", async () => {
    const HQ_LIMIT = "5d0c1e2f-1111-4222-8333-444455556603";
    const made = await engine.carbon(
      "organization-limits",
      "upsert",
      ...["--id", HQ_LIMIT, "--company", PARENT, "--name", "FY2024 operational"],
      ...["--approach", "operational_control", "--from", "2024-01-01", "--to", "2024-12-31"],
      ...["--subsidiary", SUB_A],
    );
    expect(made.code, made.stderr).toBe(0);
    const remove = (...flags: string[]) =>
      engine.carbon("organization-limits", "delete", HQ_LIMIT, ...flags);
    const kept = async () => (await stored()).map((limit) => limit.id).includes(HQ_LIMIT);

    const noCompany = await remove("--yes");
    expect(noCompany.code, noCompany.stderr).toBe(2);
    expect(noCompany.stderr).toContain("--company");
    const unconfirmed = await remove("--company", "Parent");
    expect(unconfirmed.code, unconfirmed.stderr).toBe(2);
    expect(unconfirmed.stderr).toContain("--yes");
    const elsewhere = await remove("--company", SUB_A, "--yes");
    expect(elsewhere.code, elsewhere.stderr).toBe(5);
    expect(elsewhere.stderr).toContain(`organization limit ${HQ_LIMIT} not found`);
    const dryRun = await remove("--company", PARENT, "--dry-run", "--json");
    expect(dryRun.code, dryRun.stderr).toBe(0);
    expect(dryRun.stderr).toContain(
      `${HQ_LIMIT}  FY2024 operational (operational_control, 2024-01-01 to 2024-12-31, 1 member)`,
    );
    expect(JSON.parse(dryRun.stdout)).toMatchObject([{ id: HQ_LIMIT, auditId: null }]);
    expect(await kept()).toBe(true);

    const done = await remove("--company", "Parent", "--yes", "--json");
    expect(done.code, done.stderr).toBe(0);
    const [deleted] = JSON.parse(done.stdout);
    expect(deleted).toMatchObject({
      resource: "organizationLimit",
      id: HQ_LIMIT,
      companyId: PARENT,
    });
    expect(await kept()).toBe(false);
    expect(
      (await engine.carbon("organization-limits", "get", LIMIT, "--company", PARENT)).code,
    ).toBe(0);
    const audit = await engine.carbon("audit", "list", "--company", PARENT, "--json");
    expect(JSON.parse(audit.stdout)).toContainEqual(
      expect.objectContaining({
        id: deleted.auditId,
        action: "organization-limits.delete",
        recordId: HQ_LIMIT,
        actor: engine.author,
      }),
    );
  });
});
