/**
 * `consumptions delete`, `buildings delete`, `factors custom delete` and `suppliers delete`:
 * flag parsing, then runs on a real local database (the confirmation, refusals, the audit trail).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runList as runAuditList } from "../../src/cli/commands/audit/list.js";
import {
  deleteCommand as buildingsDelete,
  runDelete as runBuildingsDelete,
} from "../../src/cli/commands/buildings/delete.js";
import {
  type DeleteOptions,
  deleteCommand,
  runDelete,
} from "../../src/cli/commands/consumptions/delete.js";
import { runDelete as runFactorDelete } from "../../src/cli/commands/factors/custom/delete.js";
import { runDelete as runSupplierDelete } from "../../src/cli/commands/suppliers/delete.js";
import { createContext } from "../../src/cli/context.js";
import { createTestIo } from "../../src/cli/io.js";
import { createTestInput } from "../../src/cli/user-input.js";
import { categoryId, consumptionId } from "../../src/core/ids.js";
import type { CarbonService } from "../../src/core/service.js";
import { databaseContexts, errorCode, parsedOptions } from "./helpers.js";

const ACME = "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f";
const HQ = "8d2e4f6a-1b3c-4d5e-8f7a-9b0c1d2e3f4a";
const DEPOT = "9e3f5a7b-2c4d-4e6f-9a8b-0c1d2e3f4a5b";
const UNKNOWN = "99999999-9999-4999-8999-999999999999";
const base = {
  entityId: "INV-1",
  categoryId: categoryId("electricity"),
  startDate: "2024-01-01T00:00:00.000Z",
  endDate: "2024-01-30T00:00:00.000Z",
  companyId: ACME,
  buildingId: HQ,
  quantity: 16099.7,
  unitType: "kWh",
};
const BILL = { id: consumptionId(base), ...base };

let contexts: ReturnType<typeof databaseContexts>;
let db: string;

beforeEach(async () => {
  contexts = databaseContexts();
  const ctx = contexts.ctx();
  db = String(ctx.globals().db);
  const service = await ctx.service();
  await service.companies.upsert({ id: ACME, name: "Acme", country: "ES" });
  await service.buildings.upsert({ id: HQ, companyId: ACME, name: "Madrid HQ" });
  await service.buildings.upsert({ id: DEPOT, companyId: ACME, name: "Depot" });
  await service.consumptions.upsert(BILL);
});
afterEach(async () => {
  await contexts.closeAll();
});

function options(over: Partial<DeleteOptions> = {}): DeleteOptions {
  return { ids: [BILL.id], yes: false, dryRun: false, withConsumptions: false, ...over };
}

/** A context whose stdin is (or is not) a terminal, answering `answer` to a question. */
function promptContext(stdinIsTty: boolean, answer?: string) {
  const io = createTestIo({ stdinIsTty });
  const input = createTestInput(answer === undefined ? {} : { answer });
  const context = createContext({
    io,
    env: {},
    globals: () => ({ db, format: "csv" }),
    signal: new AbortController().signal,
    input,
  });
  return { ctx: { ...context, io }, input };
}

async function service(): Promise<CarbonService> {
  return contexts.ctx().service();
}

async function stored(): Promise<string[]> {
  return (await (await service()).consumptions.list({ companyId: ACME })).data.map((c) => c.id);
}

describe("delete: flags", () => {
  it("parses ids, --yes and --dry-run; buildings also --with-consumptions", async () => {
    expect(await parsedOptions(deleteCommand, [BILL.id, UNKNOWN, "--yes", "--dry-run"])).toEqual(
      options({ ids: [BILL.id, UNKNOWN], yes: true, dryRun: true }),
    );
    expect(await parsedOptions(buildingsDelete, [HQ, "--with-consumptions"])).toEqual(
      options({ ids: [HQ], withConsumptions: true }),
    );
    await expect(parsedOptions(deleteCommand, [BILL.id, "--with-consumptions"])).rejects.toThrow(
      /unknown option/,
    );
  });

  it("refuses an id that is not a UUID before opening anything (usage)", async () => {
    expect(await errorCode(() => runDelete(contexts.ctx(), options({ ids: ["INV-1"] })))).toBe(
      "usage",
    );
  });
});

describe("consumptions delete", () => {
  it("off a terminal without --yes exits 2 and deletes nothing", async () => {
    const { ctx } = promptContext(false);
    expect(await errorCode(() => runDelete(ctx, options()))).toBe("usage");
    expect(await stored()).toEqual([BILL.id]);
  });

  it("declining the confirmation exits 2 (cancelled) and deletes nothing", async () => {
    const { ctx, input } = promptContext(true, "n");
    expect(await errorCode(() => runDelete(ctx, options()))).toBe("usage");
    expect(input.prompts).toEqual(["Delete 1 consumption? [y/N] "]);
    expect(ctx.io.stderrText()).toContain(
      `${BILL.id}  electricity 2024-01-01 to 2024-01-30, 16099.7 kWh, entity INV-1, building Madrid HQ`,
    );
    expect(await stored()).toEqual([BILL.id]);
  });

  it("confirmed, deletes the consumption and its emission and prints what went", async () => {
    const { ctx } = promptContext(true, "y");
    await runDelete(ctx, options());
    expect(await stored()).toEqual([]);
    const [header, row] = ctx.io.stdoutText().trimEnd().split("\r\n");
    expect(header).toBe("resource,id,what,companyId,buildingId,consumptions,auditId");
    expect(row).toContain(`consumption,${BILL.id},`);
    const audit = contexts.ctx({ json: true });
    await runAuditList(audit, { company: ACME, all: true });
    const trail: unknown = JSON.parse(audit.io.stdoutText());
    expect(trail).toMatchObject([{ action: "consumptions.delete", recordId: BILL.id }]);
  });

  it("--dry-run prints the plan and deletes nothing; --yes deletes without asking", async () => {
    const dry = promptContext(true);
    await runDelete(dry.ctx, options({ dryRun: true }));
    expect(dry.ctx.io.stdoutText()).toContain(BILL.id);
    expect(dry.ctx.io.stderrText()).toContain("dry run: nothing was deleted");
    expect(await stored()).toEqual([BILL.id]);
    const yes = promptContext(false);
    await runDelete(yes.ctx, options({ yes: true }));
    expect(yes.input.prompts).toEqual([]);
    expect(await stored()).toEqual([]);
  });

  it("an unknown id among known ones is not found (exit 5) and nothing is deleted", async () => {
    const { ctx } = promptContext(false);
    const run = () => runDelete(ctx, options({ ids: [BILL.id, UNKNOWN], yes: true }));
    expect(await errorCode(run)).toBe("not_found");
    expect(await stored()).toEqual([BILL.id]);
  });
});

describe("buildings, custom factors and suppliers delete", () => {
  it("a building with consumptions is a conflict (exit 6) unless --with-consumptions", async () => {
    const { ctx } = promptContext(false);
    const refused = () => runBuildingsDelete(ctx, options({ ids: [HQ, DEPOT], yes: true }));
    expect(await errorCode(refused)).toBe("conflict");
    expect((await (await service()).buildings.list({ companyId: ACME })).data).toHaveLength(2);
    await runBuildingsDelete(ctx, options({ ids: [HQ], yes: true, withConsumptions: true }));
    expect(await stored()).toEqual([]);
    expect((await (await service()).buildings.list({ companyId: ACME })).data).toHaveLength(1);
  });

  it("deletes a custom factor and a supplier", async () => {
    const s = await service();
    const factorId = "2b7d9e1f-3a4c-4b5d-8e6f-7a8b9c0d1e2f";
    await s.customFactors.upsert({
      id: factorId,
      companyId: ACME,
      categoryId: categoryId("electricity"),
      basis: "location",
      year: null,
      unit: "kWh",
      co2e: 0.5,
      source: "Own contract",
    });
    const { id } = await s.suppliers.upsert({
      companyId: ACME,
      type: "suppliers",
      name: "Iberdrola",
      externalId: "P1",
    });
    const { ctx } = promptContext(false);
    await runFactorDelete(ctx, options({ ids: [factorId], yes: true }));
    await runSupplierDelete(ctx, options({ ids: [id], yes: true }));
    expect(ctx.io.stdoutText()).toContain("electricity location-based, 0.5 kgCO2e/kWh, any year");
    expect(ctx.io.stdoutText()).toContain("Iberdrola (suppliers)");
    expect((await s.customFactors.list({ companyId: ACME })).data).toEqual([]);
    expect((await s.suppliers.list({ companyId: ACME })).data).toEqual([]);
  });
});
