/** `buildings move` and `audit list`: flag parsing, then runs on a real local database. */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { runList as runAuditList } from "../../../src/cli/commands/audit/list.js";
import {
  type MoveOptions,
  moveCommand,
  runMove,
} from "../../../src/cli/commands/buildings/move.js";
import { createContext, type GlobalOptions } from "../../../src/cli/context.js";
import { createTestIo } from "../../../src/cli/io.js";
import { createTestInput } from "../../../src/cli/user-input.js";
import { CarbonError } from "../../../src/core/errors.js";
import { categoryId } from "../../../src/core/ids.js";
import { type RealServer, startRealServer } from "../../unit/remote/real-server.js";
import { user } from "../auth/helpers.js";
import { databaseContexts, errorCode, parsedOptions, tempDir } from "../helpers.js";

const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const GLOBEX = "5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e";
const INITECH = "6c7d8e9f-0a1b-4c2d-8e3f-4a5b6c7d8e9f";
const HQ = "8d2e4f6a-1b3c-4d5e-8f7a-9b0c1d2e3f4a";
const DEPOT = "9e3f5a7b-2c4d-4e6f-9a8b-0c1d2e3f4a5b";
let contexts: ReturnType<typeof databaseContexts>;
let db: string;

beforeEach(async () => {
  contexts = databaseContexts();
  const ctx = contexts.ctx();
  db = String(ctx.globals().db);
  const service = await ctx.service();
  await service.companies.upsert({ id: ACME, name: "Acme", country: "ES" });
  await service.companies.upsert({ id: GLOBEX, name: "Globex", country: "GB" });
  await service.companies.upsert({ id: INITECH, name: "Initech", country: "GB" });
  await service.buildings.upsert({ id: HQ, companyId: ACME, name: "Madrid HQ" });
  await service.buildings.upsert({ id: DEPOT, companyId: ACME, name: "Depot" });
  await service.consumptions.upsert({
    id: "0d1e2f3a-4b5c-4d6e-8f70-8192a3b4c5d6",
    entityId: "INV-1",
    categoryId: categoryId("electricity"),
    startDate: "2025-01-01",
    endDate: "2025-01-31",
    companyId: ACME,
    buildingId: HQ,
    quantity: 1000,
    unitType: "kWh",
  });
});
afterEach(async () => {
  await contexts.closeAll();
});

function options(over: Partial<MoveOptions>): MoveOptions {
  return { buildingIds: [HQ], to: GLOBEX, dryRun: false, yes: false, ...over };
}

/** A context whose stdin is (or is not) a terminal, answering `answer` to a question. */
function promptContext(stdinIsTty: boolean, answer?: string, globals: GlobalOptions = {}) {
  const io = createTestIo({ stdinIsTty });
  const input = createTestInput(answer === undefined ? {} : { answer });
  const context = createContext({
    io,
    env: {},
    globals: () => ({ db, format: "json", ...globals }),
    signal: new AbortController().signal,
    input,
  });
  return { ctx: { ...context, io }, input };
}

/** The CarbonError `action` throws (fails the test when it throws nothing or something else). */
async function failure(action: () => Promise<unknown>): Promise<CarbonError> {
  try {
    await action();
  } catch (error) {
    if (error instanceof CarbonError) return error;
    throw error;
  }
  throw new Error("expected a CarbonError");
}

async function companyOf(building: string): Promise<string> {
  const service = await contexts.ctx().service();
  return (await service.buildings.get(building)).companyId;
}

describe("buildings move: flags", () => {
  it("parses ids, --to, --from-csv, --dry-run and --yes", async () => {
    const opts = await parsedOptions(moveCommand, [
      HQ,
      DEPOT,
      "--to",
      GLOBEX,
      "--dry-run",
      "--yes",
    ]);
    expect(opts).toEqual({
      buildingIds: [HQ, DEPOT],
      to: GLOBEX,
      fromCsv: undefined,
      dryRun: true,
      yes: true,
    });
    const csv = await parsedOptions(moveCommand, ["--from-csv", "moves.csv"]);
    expect(csv).toMatchObject({ buildingIds: [], fromCsv: "moves.csv", dryRun: false, yes: false });
  });

  it.each<[string, Partial<MoveOptions>]>([
    ["no building", { buildingIds: [] }],
    ["no --to", { to: undefined }],
    ["an empty --to", { to: " " }],
    ["an empty building", { buildingIds: [""] }],
    ["ids and --from-csv together", { fromCsv: "moves.csv" }],
  ])("%s is a usage error", async (_label, over) => {
    expect(await errorCode(() => runMove(contexts.ctx(), options({ yes: true, ...over })))).toBe(
      "usage",
    );
    expect(await companyOf(HQ)).toBe(ACME);
  });
});

describe("buildings move: runs", () => {
  it("--dry-run prints the plan on stderr and the rows on stdout, and moves nothing", async () => {
    const ctx = contexts.ctx({ json: true });
    await runMove(ctx, options({ buildingIds: [HQ, DEPOT], dryRun: true }));
    const rows = JSON.parse(ctx.io.stdoutText());
    expect(
      rows.map((r: { buildingId: string; action: string }) => [r.buildingId, r.action]),
    ).toEqual([
      [HQ, "move"],
      [DEPOT, "move"],
    ]);
    expect(rows[0]).toMatchObject({ consumptions: 1, emissions: 1, dryRun: true, moveId: null });
    expect(ctx.io.stderrText()).toContain("Move 2 buildings to Globex");
    expect(ctx.io.stderrText()).toContain("Madrid HQ");
    expect(ctx.io.stderrText().trimEnd().split("\n").at(-1)).toBe("dry run: nothing was stored");
    expect(await companyOf(HQ)).toBe(ACME);
  });

  it("off a terminal without --yes: exit 2 with a hint, after the plan; nothing moves", async () => {
    const { ctx } = promptContext(false);
    const error = await failure(() => runMove(ctx, options({})));
    expect(error).toMatchObject({ code: "usage", exitCode: 2 });
    expect(error.hint).toContain("--yes");
    expect(ctx.io.stderrText()).toContain("Move 1 building to Globex");
    expect(await companyOf(HQ)).toBe(ACME);
  });

  it("on a terminal, answering y moves the building", async () => {
    const { ctx, input } = promptContext(true, "y");
    await runMove(ctx, options({}));
    expect(input.prompts).toEqual(["Move 1 building? [y/N] "]);
    expect(await companyOf(HQ)).toBe(GLOBEX);
  });

  it.each(["n", ""])(
    "on a terminal, answering %j cancels: exit 2, nothing moves",
    async (answer) => {
      const { ctx, input } = promptContext(true, answer);
      const error = await failure(() => runMove(ctx, options({})));
      expect(error).toMatchObject({
        code: "usage",
        exitCode: 2,
        message: "cancelled: nothing was moved",
      });
      expect(input.prompts).toEqual(["Move 1 building? [y/N] "]);
      expect(ctx.io.stdoutText()).toBe("");
      expect(await companyOf(HQ)).toBe(ACME);
    },
  );

  it("--yes moves and the audit trail lists it", async () => {
    await runMove(contexts.ctx({ json: true }), options({ yes: true }));
    expect(await companyOf(HQ)).toBe(GLOBEX);
    const audit = contexts.ctx({ format: "csv" });
    await runAuditList(audit, { company: GLOBEX, all: true });
    const lines = audit.io.stdoutText().trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "at,actor,action,buildingId,fromCompanyId,toCompanyId,consumptions,emissions,awaitingFactor,moveId,id,recordId",
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`,buildings.move,${HQ},${ACME},${GLOBEX},1,1,0,`);
    const none = contexts.ctx({ json: true });
    await runAuditList(none, { company: INITECH, all: false });
    expect(JSON.parse(none.io.stdoutText())).toEqual([]);
  });

  it("an unknown building is not_found and nothing moves", async () => {
    const unknown = "00000000-0000-4000-8000-000000000000";
    const code = await errorCode(() =>
      runMove(contexts.ctx(), options({ buildingIds: [HQ, unknown], yes: true })),
    );
    expect(code).toBe("not_found");
    expect(await companyOf(HQ)).toBe(ACME);
  });
});

describe("buildings move --from-csv", () => {
  function csvFile(text: string): string {
    const file = path.join(tempDir(), "moves.csv");
    fs.writeFileSync(file, text);
    return file;
  }

  it("moves each row to its own target, --to filling empty cells", async () => {
    const file = csvFile(`buildingId;to\n${HQ};${INITECH}\n\n${DEPOT};\n`);
    const ctx = contexts.ctx({ json: true });
    await runMove(ctx, { buildingIds: [], fromCsv: file, to: GLOBEX, dryRun: false, yes: true });
    expect(await companyOf(HQ)).toBe(INITECH);
    expect(await companyOf(DEPOT)).toBe(GLOBEX);
  });

  it.each([
    [
      "a bad building id",
      `buildingId,companyId\n${HQ},${GLOBEX}\nnot-an-id,${GLOBEX}\n`,
      3,
      "buildingId",
    ],
    ["a bad target", `buildingId,companyId\n${HQ},globex\n`, 2, "companyId"],
    ["a duplicate building", `id\n${HQ}\n${DEPOT}\n${HQ}\n`, 4, "id"],
    ["no building column", "name\nMadrid HQ\n", 1, ""],
    ["a quote left open", `buildingId\n${HQ}\n"${DEPOT}\n`, 3, ""],
  ])(
    "%s: a validation error naming line and column, nothing moves",
    async (_l, text, line, column) => {
      const file = csvFile(text);
      const error = await failure(() =>
        runMove(contexts.ctx(), {
          buildingIds: [],
          fromCsv: file,
          to: GLOBEX,
          dryRun: false,
          yes: true,
        }),
      );
      expect(error).toMatchObject({ code: "validation", exitCode: 3 });
      expect(error.issues[0]).toMatchObject({ line, path: column });
      expect(await companyOf(HQ)).toBe(ACME);
      expect(await companyOf(DEPOT)).toBe(ACME);
    },
  );

  it.each([
    ["tab-separated, as a spreadsheet's text export", `buildingId\tto\n${HQ}\t${INITECH}\n`, {}],
    ["with a byte order mark and CRLF", `\uFEFFbuildingId;to\r\n${HQ};${INITECH}\r\n`, {}],
    ["with a forced delimiter", `buildingId|to\n${HQ}|${INITECH}\n`, { delimiter: "|" }],
  ])("reads a list %s, as every CSV is read", async (_name, text, flags) => {
    const file = csvFile(text);
    await runMove(contexts.ctx(), {
      buildingIds: [],
      fromCsv: file,
      ...flags,
      dryRun: false,
      yes: true,
    });
    expect(await companyOf(HQ)).toBe(INITECH);
  });

  it("says what is wrong with broken quoting in the project's words", async () => {
    const file = csvFile(`buildingId\n${HQ}\n"${DEPOT}\n`);
    const error = await failure(() =>
      runMove(contexts.ctx(), {
        buildingIds: [],
        fromCsv: file,
        to: GLOBEX,
        dryRun: false,
        yes: true,
      }),
    );
    expect(error.issues).toEqual([
      { line: 3, path: "", message: 'malformed CSV: a quoted field is never closed (a missing ")' },
    ]);
  });

  it("reads a Windows-1252 list with --encoding", async () => {
    const file = path.join(tempDir(), "traslados.csv");
    fs.writeFileSync(
      file,
      Buffer.from(`buildingId;nota;to\n${HQ};Almac\u00e9n;${INITECH}\n`, "latin1"),
    );
    await runMove(contexts.ctx(), {
      buildingIds: [],
      fromCsv: file,
      encoding: "windows-1252",
      dryRun: false,
      yes: true,
    });
    expect(await companyOf(HQ)).toBe(INITECH);
  });

  it("a list that is not UTF-8 text is refused before anything moves", async () => {
    const file = path.join(tempDir(), "moves.csv");
    fs.writeFileSync(file, Buffer.from(`buildingId,note\n${HQ},Almac\u00e9n\n`, "latin1"));
    const error = await failure(() =>
      runMove(contexts.ctx(), {
        buildingIds: [],
        fromCsv: file,
        to: GLOBEX,
        dryRun: false,
        yes: true,
      }),
    );
    expect(error).toMatchObject({ code: "validation", exitCode: 3 });
    expect(error.message).toContain("is not UTF-8 text: line 2");
    expect(await companyOf(HQ)).toBe(ACME);
  });

  it("when a later target fails, prints what the earlier one moved and fails", async () => {
    // Rolled-back plans count nothing; the first committed move arms the trigger.
    const probe = new Database(db);
    probe.exec(`CREATE TABLE hits (n INTEGER NOT NULL); INSERT INTO hits VALUES (0);
      CREATE TRIGGER count_moves AFTER UPDATE OF company_ref ON buildings
        BEGIN UPDATE hits SET n = n + 1; END;
      CREATE TRIGGER fail BEFORE UPDATE OF company_ref ON buildings WHEN (SELECT n FROM hits) >= 1
        BEGIN SELECT RAISE(ABORT, 'injected failure'); END`);
    probe.close();
    const file = csvFile(`buildingId,to\n${HQ},${INITECH}\n${DEPOT},${GLOBEX}\n`);
    const ctx = contexts.ctx({ json: true });
    await expect(
      runMove(ctx, { buildingIds: [], fromCsv: file, dryRun: false, yes: true }),
    ).rejects.toThrow("injected failure");
    expect(ctx.io.stderrText()).toContain("1 of 2 target companies were done before the failure");
    expect(JSON.parse(ctx.io.stdoutText())).toMatchObject([
      { buildingId: HQ, toCompanyId: INITECH },
    ]);
    expect(await companyOf(HQ)).toBe(INITECH);
    expect(await companyOf(DEPOT)).toBe(ACME);
  });

  it("a row without a target and no --to is a validation error", async () => {
    const file = csvFile(`buildingId,to\n${HQ},\n`);
    const code = await errorCode(() =>
      runMove(contexts.ctx(), { buildingIds: [], fromCsv: file, dryRun: false, yes: true }),
    );
    expect(code).toBe("validation");
  });
});

describe("buildings move against a server", () => {
  let server: RealServer;

  beforeAll(async () => {
    server = await startRealServer();
    await server.local.companies.upsert({ id: ACME, name: "Acme", country: "ES" });
    await server.local.companies.upsert({ id: GLOBEX, name: "Globex", country: "GB" });
    await server.local.buildings.upsert({ id: HQ, companyId: ACME, name: "Madrid HQ" });
  });
  afterAll(async () => {
    await server.close();
  });

  it("--dry-run says on stderr that nothing was stored, and nothing moves", async () => {
    const token = await server.token({ role: "admin" });
    const result = await user().run([
      "--api-url",
      server.url,
      "--token",
      token,
      "buildings",
      "move",
      HQ,
      "--to",
      GLOBEX,
      "--dry-run",
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain("Move 1 building to Globex");
    expect(result.stderr.trimEnd().split("\n").at(-1)).toBe("dry run: nothing was stored");
    expect((await server.local.buildings.get(HQ)).companyId).toBe(ACME);
  });
});
