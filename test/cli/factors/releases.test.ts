/**
 * Tier 2: `carbon factors releases` and `carbon factors diff OLD NEW` on a new database (which
 * loads the base release, then the open sources release), through carbon serve, and against a
 * server that does not offer them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runDiff } from "../../../src/cli/commands/factors/diff.js";
import { runReleases } from "../../../src/cli/commands/factors/releases.js";
import type { Context, GlobalOptions } from "../../../src/cli/context.js";
import type { FactorChange, FactorRelease } from "../../../src/core/model/factor-release.js";
import { startFakeServer } from "../../unit/remote/fake-server.js";
import { type RealServer, startRealServer } from "../../unit/remote/real-server.js";
import { createTestDb, type TestDb } from "../emissions/local-db.js";
import { errorCode, testContext } from "../helpers.js";

const BASE = "2025 base library";
const OPEN = "2026 open sources";

let db: TestDb;
let server: RealServer;
let remote: GlobalOptions;

beforeAll(async () => {
  db = createTestDb();
  server = await startRealServer();
  remote = { db: undefined, apiUrl: server.url, token: await server.token() };
});
afterAll(async () => {
  await server.close();
});

async function run(command: (ctx: Context) => Promise<void>, globals: GlobalOptions = {}) {
  const result = await db.run(command, { globals });
  if (result.error !== undefined) throw result.error;
  return result;
}

describe.each([
  ["local", () => ({ format: "json" }) as GlobalOptions],
  ["carbon serve", () => ({ ...remote, format: "json" }) as GlobalOptions],
])("on the %s engine", (_engine, globals) => {
  it("lists the releases a new database loaded, oldest first, the last current", async () => {
    const { stdout } = await run(runReleases, globals());
    const releases: FactorRelease[] = JSON.parse(stdout);
    expect(releases.map((r) => [r.name, r.factors, r.current])).toEqual([
      [BASE, 258, false],
      // 6,564 factor rows of the open sources and the 2 AR5 GWP-100 rows of gwp-ar5.csv (CH4 28,
      // N2O 265) the database's GWP set converts per-gas factors with.
      [OPEN, 6566, true],
    ]);
    expect(releases.map((r) => r.version)).toEqual([
      expect.stringMatching(/^lib-[0-9a-f]{12}$/),
      expect.stringMatching(/^lib-[0-9a-f]{12}$/),
    ]);
    // Against the base release: 6,312 factors added (6,310 rows of the open sources and the 2 AR5
    // GWP rows), 21 changed, 4 removed (below).
    expect(releases[1]).toMatchObject({ added: 6312, changed: 21, removed: 4 });
  });

  it("diffs two releases by name or version: added, changed and removed factors", async () => {
    const { stdout, stderr } = await run(
      (ctx) => runDiff(ctx, { from: BASE, to: OPEN }),
      globals(),
    );
    const changes: FactorChange[] = JSON.parse(stdout);
    const count = (kind: string) => changes.filter((c) => c.change === kind).length;
    expect([count("added"), count("changed"), count("removed")]).toEqual([6312, 21, 4]);
    expect(stderr).toContain("6312 added, 21 changed, 4 removed");
    // Among the added: the AR5 GWP-100 of methane (gwp-ar5.csv, 28 kg CO2e per kg).
    expect(changes).toContainEqual(
      expect.objectContaining({
        change: "added",
        key: "ghg_ch4",
        new: expect.objectContaining({ co2e: 28, gwpSet: "AR5" }),
      }),
    );
    // MITECO V31 natural gas 2024 (0.182 kg/kWh): the same figure, now labelled AR6.
    expect(changes).toContainEqual(
      expect.objectContaining({
        change: "changed",
        key: "natural_gas",
        country: "ES",
        year: 2024,
        fields: ["gwpSet"],
        old: expect.objectContaining({ co2e: 0.182, gwpSet: "AR5" }),
        new: expect.objectContaining({ co2e: 0.182, gwpSet: "AR6" }),
      }),
    );
    // EEA France 2024 (0.036) gives way to ADEME's consumption mix (0.035, an added factor).
    expect(changes).toContainEqual(
      expect.objectContaining({
        change: "removed",
        key: "electricity_grid",
        country: "FR",
        year: 2024,
        old: expect.objectContaining({ co2e: 0.036 }),
        new: null,
      }),
    );
    expect(changes).toContainEqual(
      expect.objectContaining({
        change: "added",
        key: "electricity_grid",
        country: "FR",
        year: 2024,
      }),
    );
    const { stdout: back } = await run((ctx) => runDiff(ctx, { from: OPEN, to: BASE }), globals());
    const reverse: FactorChange[] = JSON.parse(back);
    expect(reverse.filter((c) => c.change === "removed")).toHaveLength(6312);
  });

  it("a release the database has not loaded is not found (exit 5)", async () => {
    const ctx = { ...globals() };
    const code = await errorCode(() =>
      run((c) => runDiff(c, { from: "lib-000000000000", to: OPEN }), ctx),
    );
    expect(code).toBe("not_found");
  });
});

describe("on the local engine", () => {
  it("prints csv like every list, and nothing between a release and itself", async () => {
    const { stdout } = await run((ctx) => runReleases(ctx), { format: "csv" });
    expect(stdout.split("\r\n")[0]).toBe(
      "version,name,loadedAt,factors,added,changed,removed,current,note",
    );
    const same = await run((ctx) => runDiff(ctx, { from: OPEN, to: OPEN }), { format: "csv" });
    expect(same.stdout.split("\r\n").filter((line) => line !== "")).toEqual([
      "change,key,country,year,unit,scope,oldCo2e,newCo2e,fields,source",
    ]);
  });
});

describe("against a server that does not offer them", () => {
  it.each([
    ["releases", (ctx: Context) => runReleases(ctx)],
    ["diff", (ctx: Context) => runDiff(ctx, { from: BASE, to: OPEN })],
  ])("factors %s is a usage error naming the server", async (_name, command) => {
    const fake = await startFakeServer([
      (request, response) => {
        response.writeHead(request.url?.includes("who-am-i") ? 200 : 404, {
          "content-type": "application/json",
        });
        response.end(JSON.stringify({ email: "ana@example.com" }));
      },
    ]);
    const ctx = testContext({ apiUrl: fake.url, token: "any-token", format: "json" });
    try {
      await expect(command(ctx)).rejects.toMatchObject({
        code: "usage",
        message: expect.stringContaining(fake.url.replace(/\/$/, "")),
      });
      expect(fake.requests.map((r) => r.url)).not.toContainEqual(
        expect.stringContaining("/emission-factors/"),
      );
    } finally {
      await ctx.close();
      await fake.close();
    }
  });
});
