/**
 * `emissions recalculate` on the local engine: in one write transaction, each company's summary
 * (by scope and category), its emissions recalculated under the factors in use now, the summary
 * again; rolled back in a dry run or when a company's total moves beyond the request's limit.
 */
import { randomUUID } from "node:crypto";
import { notFound } from "../../core/errors.js";
import type { EmissionSummary } from "../../core/model/emission.js";
import {
  type RecalculationReport,
  type RecalculationRequest,
  recalculationRequestSchema,
} from "../../core/model/recalculation.js";
import { type CompanyBeforeAfter, recalculationReport } from "../../core/recalculation-report.js";
import { parseInput } from "../../core/validate.js";
import { companyOf } from "../../rules/companies.js";
import type { RecalculationScope } from "../../rules/recalculate.js";
import type { StoreTransaction, StoreTransactions } from "../../rules/store.js";
import { localActor } from "../../runtime/local-actor.js";
import type { LocalParts } from "./local-parts.js";
import { summarizeEmissions } from "./summaries.js";
import { writeOrRollBack } from "./transaction-tools.js";

export interface RecalculationContext {
  readonly parts: LocalParts;
  /** The rules' transactions: the run is one write of them. */
  readonly rules: StoreTransactions;
  /** Recalculates a scope's emissions in the transaction `tx`; answers how many. */
  recalculate(tx: StoreTransaction, scope: RecalculationScope): Promise<number>;
}

const BY_SCOPE_AND_CATEGORY = ["scope", "category"] as const;

/** A parsed request: what a recalculation run needs. */
export type RecalculationInput = ReturnType<typeof recalculationRequestSchema.parse>;

/** What a change brings to a run besides the request. */
export interface RunChange {
  /**
   * Runs once every summary before is taken and before anything is recalculated (a policy
   * change writes the new policy there, a custom factor is written there).
   */
  readonly change?: () => Promise<void>;
  /**
   * What of a company to recalculate, asked after `change`: every emission by default; less
   * (a custom factor's subcategories and days), or nothing (undefined). A company with nothing
   * recalculated is not audited.
   */
  readonly scopeOf?: (companyRef: number) => RecalculationScope | undefined;
}

/**
 * Recalculates the companies' emissions in the caller's write transaction and reports the change
 * per company, scope and category. Audited per company when stored.
 */
export async function recalculationRun(
  context: RecalculationContext,
  tx: StoreTransaction,
  input: RecalculationInput,
  run: RunChange = {},
): Promise<RecalculationReport> {
  const p = context.parts;
  if (input.library !== undefined) {
    const release = await tx.factors.release(input.library);
    if (release === undefined) throw notFound("factor library release", input.library);
    p.calculator.pin(release);
    try {
      return await recalculationRun(context, tx, { ...input, library: undefined }, run);
    } finally {
      p.calculator.unpin();
    }
  }
  const started = await startRun(context, tx, input);
  await run.change?.();
  return await finishRun(context, tx, input, started, run.scopeOf);
}

/**
 * The same run around a change that awaits (a rule's write through the Store port), in the
 * rule's transaction; the current release prices it.
 */
export async function recalculationRunAround(
  context: RecalculationContext,
  tx: StoreTransaction,
  input: RunInput,
  change: () => Promise<void>,
  scopeOf?: RunChange["scopeOf"],
): Promise<RecalculationReport> {
  const started = await startRun(context, tx, input);
  await change();
  return await finishRun(context, tx, input, started, scopeOf);
}

/** What a run reads of its request: `library` is settled before (`recalculationRun`). */
type RunInput = Pick<RecalculationInput, "dryRun" | "maxChangePercent" | "actor"> & {
  readonly companyIds?: readonly string[];
};

/** Each company of the run, with its summary before the change. */
type Started = readonly {
  readonly ref: number;
  readonly companyId: string;
  readonly before: EmissionSummary;
}[];

function summaryOf(
  p: LocalParts,
  tx: StoreTransaction,
  companyId: string,
): Promise<EmissionSummary> {
  return summarizeEmissions(p.store, p.calculator, tx, {
    companyId,
    groupBy: BY_SCOPE_AND_CATEGORY,
  });
}

async function startRun(
  context: RecalculationContext,
  tx: StoreTransaction,
  input: RunInput,
): Promise<Started> {
  const p = context.parts;
  const companies: { ref: number; id: string }[] = [];
  if (input.companyIds === undefined) {
    const references = await tx.consumptionReads.references();
    for (const ref of await tx.companies.refs()) {
      companies.push({ ref, id: references.companyId(ref) });
    }
  } else {
    for (const id of input.companyIds) companies.push(await companyOf(tx, id));
  }
  const started: Started[number][] = [];
  for (const { ref, id } of companies) {
    started.push({ ref, companyId: id, before: await summaryOf(p, tx, id) });
  }
  return started;
}

/** Recalculates each company (what `scopeOf` names), and reports and audits the run. */
async function finishRun(
  context: RecalculationContext,
  tx: StoreTransaction,
  input: RunInput,
  befores: Started,
  scopeOf: RunChange["scopeOf"],
): Promise<RecalculationReport> {
  const p = context.parts;
  const counts = new Map<string, number>();
  for (const { ref, companyId } of befores) {
    const scope = scopeOf === undefined ? { companyRef: ref } : scopeOf(ref);
    counts.set(companyId, scope === undefined ? 0 : await context.recalculate(tx, scope));
  }
  const results: CompanyBeforeAfter[] = [];
  for (const { companyId, before } of befores) {
    results.push({ companyId, before, after: await summaryOf(p, tx, companyId) });
  }
  const recalculated = [...counts.values()].reduce((sum, count) => sum + count, 0);
  const report = recalculationReport({
    companies: results,
    dryRun: input.dryRun,
    maxChangePercent: input.maxChangePercent,
    recalculated,
    factorLibraryVersion: p.calculator.libraryVersion(),
  });
  if (report.stored) {
    await audit(tx, report, counts, input.actor ?? localActor(), scopeOf !== undefined);
  }
  return report;
}

export async function recalculateCompanies(
  context: RecalculationContext,
  request: RecalculationRequest,
): Promise<RecalculationReport> {
  const input = parseInput(recalculationRequestSchema, request, "recalculation");
  // A dry run, or a company beyond the limit, rolls the transaction back; the report comes out.
  return writeOrRollBack(
    context.rules,
    (tx) => recalculationRun(context, tx, input),
    (report) => report.stored,
  );
}

/** One audit record per company whose figures were stored. */
async function audit(
  tx: StoreTransaction,
  report: RecalculationReport,
  consumptions: ReadonlyMap<string, number>,
  actor: string,
  onlyRecalculated: boolean,
): Promise<void> {
  const at = new Date().toISOString();
  for (const company of report.companies) {
    if (onlyRecalculated && (consumptions.get(company.companyId) ?? 0) === 0) continue;
    await tx.audit.appendRecalculation({
      id: randomUUID(),
      action: "emissions.recalculate",
      actor,
      at,
      companyId: company.companyId,
      consumptions: consumptions.get(company.companyId) ?? 0,
      emissions: company.after.count,
      awaitingFactor: company.after.awaitingFactor,
      record: {
        factorLibraryVersion: report.factorLibraryVersion,
        before: company.before,
        after: company.after,
      },
    });
  }
}
