/** Tier 2: glec commands on a real local database, with the fixture files. */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { deleteCommand, runDelete } from "../../../src/cli/commands/glec/delete.js";
import { runGet } from "../../../src/cli/commands/glec/get.js";
import { runList } from "../../../src/cli/commands/glec/list.js";
import { runSubmit, submitCommand } from "../../../src/cli/commands/glec/submit.js";
import { createContext } from "../../../src/cli/context.js";
import { createTestIo } from "../../../src/cli/io.js";
import { createTestInput } from "../../../src/cli/user-input.js";
import { CarbonError } from "../../../src/core/errors.js";
import { databaseContexts, errorCode, parsedOptions, tempDir } from "../helpers.js";

const FIXTURES = path.resolve(import.meta.dirname, "../../../fixtures/glec");
const JSON_FILE = path.join(FIXTURES, "shipment-zaragoza-rotterdam.json");
const CSV_FILE = path.join(FIXTURES, "shipment-zaragoza-rotterdam.csv");
const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const ENTRY = "6a1f0c2e-7b3d-4e5f-8a9b-0c1d2e3f4a5b";
const OTHER = "5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e";
let contexts: ReturnType<typeof databaseContexts>;

beforeEach(async () => {
  contexts = databaseContexts();
  const service = await contexts.ctx().service();
  await service.companies.upsert({ id: ACME, name: "Acme Logistics", country: "ES" });
});
afterEach(async () => {
  await contexts.closeAll();
});

async function stored(): Promise<number> {
  return (await (await contexts.ctx().service()).glec.list({})).pagination.total;
}

function writeTemp(name: string, text: string): string {
  const file = path.join(tempDir(), name);
  writeFileSync(file, text);
  return file;
}

describe("glec flags", () => {
  it.each([
    [submitCommand, ["f.csv"], { file: "f.csv", dryRun: false }],
    [submitCommand, ["f.json", "--dry-run"], { file: "f.json", dryRun: true }],
    [deleteCommand, [ENTRY], { id: ENTRY, yes: false }],
    [deleteCommand, [ENTRY, "--yes"], { id: ENTRY, yes: true }],
  ] as const)("%#: parses", async (build, argv, expected) => {
    expect(await parsedOptions<object>(build, argv)).toEqual(expected);
  });
});

describe("glec submit --dry-run", () => {
  it.each([
    ["JSON", JSON_FILE],
    ["CSV", CSV_FILE],
  ])(
    "prints the hand-calculated legs of the %s fixture and stores nothing",
    async (_name, file) => {
      const ctx = contexts.ctx({ format: "csv" });
      await runSubmit(ctx, { file, dryRun: true });
      const [header, ...rows] = ctx.io.stdoutText().trim().split("\r\n");
      expect(header).toBe(
        "entryId,actionId,mode,vehicleType,method,tonneKm,energy,energyUnit,toc,ttwKg,wttKg,wtwKg,rfUpliftKg,allocationShare,factorKey,source",
      );
      const cells = rows.map((row) => row.split(","));
      expect(cells.map((row) => [row[2], row[4], row[5], row[13], row[14]])).toEqual([
        ["road", "measured_energy", "3000", "1", "diesel_avg_blend_l"],
        ["rail", "default_intensity", "7680", "", "rail_freight_tkm"],
        ["sea", "default_intensity", "34800", "", "sea_container_avg_tkm"],
      ]);
      // WTW per leg, unrounded: 80 l x 3.18183; 7680 x 0.0347; 34800 x 0.01977 (see the engine test)
      expect(cells.map((row) => Number(row[11]))).toEqual([
        expect.closeTo(254.5464, 9),
        expect.closeTo(266.496, 9),
        expect.closeTo(687.996, 9),
      ]);
      expect(ctx.io.stderrText()).toContain("WTW 1209.038 kg CO2e");
      expect(await stored()).toBe(0);
    },
  );
});

describe("glec submit reads a CSV as every CSV is read", () => {
  const SEMICOLON_FILE = path.join(FIXTURES, "shipment-zaragoza-rotterdam-semicolon.csv");

  async function dryRunLegs(opts: Parameters<typeof runSubmit>[1]): Promise<string> {
    const ctx = contexts.ctx({ format: "csv" });
    await runSubmit(ctx, opts);
    return ctx.io.stdoutText();
  }

  it("takes a spreadsheet's semicolon file (BOM, CRLF) and a Windows-1252 one", async () => {
    const legs = await dryRunLegs({ file: CSV_FILE, dryRun: true });
    expect(legs.split("\r\n")).toHaveLength(5);
    expect(await dryRunLegs({ file: SEMICOLON_FILE, dryRun: true })).toBe(legs);
    // The fixture's accented names (Abroñigal, García) are in Windows-1252 as in Latin-1.
    const text = readFileSync(SEMICOLON_FILE, "utf8").replace("\uFEFF", "");
    const legacy = path.join(tempDir(), "envios.csv");
    writeFileSync(legacy, Buffer.from(text, "latin1"));
    expect(await dryRunLegs({ file: legacy, dryRun: true, encoding: "windows-1252" })).toBe(legs);
    const refused = await errorCode(() =>
      runSubmit(contexts.ctx(), { file: legacy, dryRun: true }),
    );
    expect(refused).toBe("validation");
  });

  it("reports broken quoting in the project's words, with its line", async () => {
    const [header, first] = readFileSync(CSV_FILE, "utf8").split("\n");
    const file = writeTemp("broken.csv", `${header}\n${first}\n${ENTRY},"never closed\n`);
    let caught: unknown;
    try {
      await runSubmit(contexts.ctx(), { file, dryRun: true });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CarbonError);
    if (caught instanceof CarbonError) {
      expect(caught.code).toBe("validation");
      expect(caught.issues).toEqual([
        {
          path: "",
          line: 3,
          message: 'malformed CSV: a quoted field is never closed (a missing ")',
        },
      ]);
    }
  });
});

describe("glec submit", () => {
  it("stores the entry, prints its id, and the CSV replaces it (same entry id)", async () => {
    const ctx = contexts.ctx({ json: true });
    await runSubmit(ctx, { file: JSON_FILE, dryRun: false });
    expect(JSON.parse(ctx.io.stdoutText())).toEqual([{ message: "GLEC entry created", id: ENTRY }]);
    const again = contexts.ctx({ json: true });
    await runSubmit(again, { file: CSV_FILE, dryRun: false });
    expect(JSON.parse(again.io.stdoutText())).toEqual([
      { message: "GLEC entry replaced", id: ENTRY },
    ]);
    expect(await stored()).toBe(1);
  });

  it("takes a CSV whose later rows leave the entry columns empty", async () => {
    const [header, first, ...rest] = readFileSync(CSV_FILE, "utf8").trim().split("\n");
    // entryId stays (it groups the rows); the other seven entry columns are left empty
    const blanked = rest.map((row) => row.replace(/^([^,]+),.*?,a1000000/, "$1,,,,,,,,a1000000"));
    expect(blanked[0]).toMatch(/^6a1f0c2e-[^,]+,{8}a1000000/);
    const ctx = contexts.ctx({ format: "csv" });
    await runSubmit(ctx, {
      file: writeTemp("blank.csv", [header, first, ...blanked].join("\n")),
      dryRun: false,
    });
    const entry = await (await contexts.ctx().service()).glec.get(ENTRY);
    expect(entry.actions).toHaveLength(3);
    expect(entry.calculation?.emissions.wtw).toBeCloseTo(1209.0384, 9);
  });

  it("takes an array and NDJSON", async () => {
    const entry = JSON.parse(readFileSync(JSON_FILE, "utf8"));
    const second = { ...entry, id: "6a1f0c2e-7b3d-4e5f-8a9b-00000000000c" };
    await runSubmit(contexts.ctx(), {
      file: writeTemp("two.json", JSON.stringify([entry, second])),
      dryRun: false,
    });
    expect(await stored()).toBe(2);
    const third = { ...entry, id: "6a1f0c2e-7b3d-4e5f-8a9b-00000000000d" };
    await runSubmit(contexts.ctx(), {
      file: writeTemp("more.ndjson", `${JSON.stringify(third)}\n\n${JSON.stringify(entry)}\n`),
      dryRun: false,
    });
    expect(await stored()).toBe(3);
  });

  it("reports every bad line and field, and stores nothing when one entry is bad", async () => {
    const csv = readFileSync(CSV_FILE, "utf8").split("\n");
    const good = { ...JSON.parse(readFileSync(JSON_FILE, "utf8")), id: ENTRY.replace("5b", "5e") };
    const lines = [
      csv[0],
      csv[1],
      csv[2]?.replace(",640,", ",6x0,"),
      csv[3]?.replace("CONTAINER_SHIP", "SPACESHIP"),
    ];
    let caught: unknown;
    try {
      await runSubmit(contexts.ctx(), {
        file: writeTemp("bad.csv", lines.join("\n")),
        dryRun: false,
      });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(CarbonError);
    if (caught instanceof CarbonError) {
      expect(caught.code).toBe("validation");
      expect(caught.issues.map((issue) => [issue.line, issue.path])).toEqual([
        [3, "distance"],
        [4, "vehicleType"],
      ]);
      expect(caught.issues[1]?.message).toContain("accepted: HGV_DIESEL");
    }
    const mixed = `${JSON.stringify(good)}\n${JSON.stringify({ ...good, id: ENTRY, startDate: "03/03/2025" })}\n`;
    const code = await errorCode(() =>
      runSubmit(contexts.ctx(), { file: writeTemp("mixed.ndjson", mixed), dryRun: false }),
    );
    expect(code).toBe("validation");
    expect(await stored()).toBe(0);
  });

  it.each([
    [
      "entry fields that differ between rows of one entry",
      (csv: string[]) => [csv[0], csv[1], csv[2]?.replace("2025-03-12", "2025-03-13")],
      "validation",
    ],
    ["an unknown column", (csv: string[]) => [`${csv[0]},weight`, csv[1]], "validation"],
  ])("refuses %s", async (_name, edit, code) => {
    const csv = readFileSync(CSV_FILE, "utf8").split("\n");
    const file = writeTemp("edited.csv", edit(csv).join("\n"));
    expect(await errorCode(() => runSubmit(contexts.ctx(), { file, dryRun: false }))).toBe(code);
    expect(await stored()).toBe(0);
  });

  it("refuses a file that is not UTF-8, naming the line and the field, and stores nothing", async () => {
    const entry = readFileSync(JSON_FILE, "utf8");
    const lines = JSON.stringify(JSON.parse(entry), null, 2).split("\n");
    const at = lines.findIndex((line) => line.includes('"from"'));
    lines[at] = '  "from": "A Coru\u00f1a",';
    const file = path.join(tempDir(), "latin1.json");
    writeFileSync(file, Buffer.from(lines.join("\n"), "latin1"));
    const ctx = contexts.ctx();
    const error = await runSubmit(ctx, { file, dryRun: false }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: "validation",
      message: expect.stringContaining("is not UTF-8 text"),
      issues: [{ path: "from", line: at + 1, message: expect.stringContaining("not UTF-8") }],
    });
    expect(await stored()).toBe(0);
  });

  it("an entry id stored under another company stops the run before anything is stored", async () => {
    const entry = JSON.parse(readFileSync(JSON_FILE, "utf8"));
    const service = await contexts.ctx().service();
    await service.companies.upsert({ id: OTHER, name: "Other" });
    const taken = { ...entry, id: "6a1f0c2e-7b3d-4e5f-8a9b-00000000000f" };
    await service.glec.submit({ ...taken, companyId: OTHER });
    const file = writeTemp("two.json", JSON.stringify([entry, taken]));
    expect(await errorCode(() => runSubmit(contexts.ctx(), { file, dryRun: false }))).toBe(
      "conflict",
    );
    expect(await stored()).toBe(1);
  });

  it("an unknown company stops the run before anything is stored", async () => {
    const entry = JSON.parse(readFileSync(JSON_FILE, "utf8"));
    const other = { ...entry, id: "6a1f0c2e-7b3d-4e5f-8a9b-00000000000e", companyId: ENTRY };
    const file = writeTemp("two.json", JSON.stringify([entry, other]));
    expect(await errorCode(() => runSubmit(contexts.ctx(), { file, dryRun: false }))).toBe(
      "not_found",
    );
    expect(await stored()).toBe(0);
  });
});

describe("glec list, get and delete", () => {
  beforeEach(async () => {
    await runSubmit(contexts.ctx(), { file: JSON_FILE, dryRun: false });
  });

  it("list prints one row per entry with its totals; --company filters", async () => {
    const ctx = contexts.ctx({ format: "csv" });
    await runList(ctx, { company: ACME, all: false });
    expect(ctx.io.stdoutText()).toBe(
      "id,companyId,startDate,endDate,externalId,legs,tonneKm,ttwKg,wttKg,wtwKg,wtwGPerTkm,rfUpliftKg\r\n" +
        `${ENTRY},${ACME},2025-03-03,2025-03-12,SHP-2025-0042,3,45480,980.0688,228.9696,1209.0384,${1209038.4 / 45480},\r\n`,
    );
  });

  it("list --from/--to keeps the entries whose period overlaps them", async () => {
    const listed = async (from?: string, to?: string) => {
      const ctx = contexts.ctx({ json: true });
      await runList(ctx, { all: false, ...(from && { from }), ...(to && { to }) });
      return JSON.parse(ctx.io.stdoutText()).map((entry: { id: string }) => entry.id);
    };
    expect(await listed("2025-03-12", "2025-03-12")).toEqual([ENTRY]);
    expect(await listed(undefined, "2025-03-02")).toEqual([]);
    expect(await listed("2025-03-13")).toEqual([]);
    expect(await errorCode(() => listed("2025-04-01", "2025-03-01"))).toBe("usage");
  });

  it("get prints the legs (table, csv) or the whole entry (json)", async () => {
    const csv = contexts.ctx({ format: "csv" });
    await runGet(csv, { id: ENTRY });
    expect(csv.io.stdoutText().split("\r\n")[0]).toMatch(/^actionId,mode,vehicleType,method/);
    expect(csv.io.stdoutText().trim().split("\r\n")).toHaveLength(4);
    const json = contexts.ctx({ json: true });
    await runGet(json, { id: ENTRY });
    expect(JSON.parse(json.io.stdoutText()).calculation.legs).toHaveLength(3);
    expect(await errorCode(() => runGet(contexts.ctx(), { id: "nope" }))).toBe("usage");
  });

  it("delete without --yes off a terminal exits 2 (usage) and deletes nothing", async () => {
    expect(await errorCode(() => runDelete(contexts.ctx(), { id: ENTRY, yes: false }))).toBe(
      "usage",
    );
    expect(await stored()).toBe(1);
  });

  it.each([
    ["n", 1, "usage"],
    ["", 1, "usage"],
    ["y", 0, undefined],
  ])(
    "on a terminal it asks; answering %j leaves %i entries (error %s)",
    async (typed, left, code) => {
      const base = contexts.ctx();
      const input = createTestInput({ answer: typed });
      const ctx = createContext({
        io: createTestIo({ stdinIsTty: true }),
        env: {},
        globals: () => base.globals(),
        signal: new AbortController().signal,
        input,
      });
      let failed: unknown;
      try {
        await runDelete(ctx, { id: ENTRY, yes: false });
      } catch (error) {
        failed = error;
      } finally {
        await ctx.close();
      }
      expect(failed instanceof CarbonError ? [failed.code, failed.message] : failed).toEqual(
        code === undefined ? undefined : [code, "cancelled: nothing was deleted"],
      );
      expect(input.prompts[0]).toContain(`Delete GLEC entry ${ENTRY} (SHP-2025-0042)`);
      expect(await stored()).toBe(left);
    },
  );

  it("delete --yes deletes; an unknown id is not_found", async () => {
    const ctx = contexts.ctx({ json: true });
    await runDelete(ctx, { id: ENTRY, yes: true });
    expect(JSON.parse(ctx.io.stdoutText())).toEqual({ message: "GLEC entry deleted", id: ENTRY });
    expect(await errorCode(() => runDelete(contexts.ctx(), { id: ENTRY, yes: true }))).toBe(
      "not_found",
    );
  });
});
