/** `factors gwp` and `factors proxies`: show the policy, or plan, confirm and apply a change. */
import { CarbonError, usageError } from "../../../core/errors.js";
import type {
  CalculationPolicy,
  PolicyChange,
  PolicyChangeResult,
} from "../../../core/model/calculation-policy.js";
import { databaseGwpSets, proxyPolicies } from "../../../core/model/factor.js";
import type { Context } from "../../context.js";
import { type Column, renderList } from "../../output/format.js";
import { formatCount } from "../../render/numbers.js";
import { confirmOrCancel } from "../../user-input.js";
import { companyLine, moves, showRecalculation } from "../emissions/recalculate-run.js";

export interface PolicyOptions {
  readonly setting: "gwp" | "proxies";
  readonly value: string | undefined;
  readonly dryRun: boolean;
  readonly yes: boolean;
}

const policyColumns: readonly Column<CalculationPolicy>[] = [
  { header: "gwpSet", value: (policy) => policy.gwpSet },
  { header: "proxies", value: (policy) => policy.proxies },
];

/** The change the argument asks for: AR5/AR6 (any case) or allow/refuse; else exit 2. */
function changeOf(opts: PolicyOptions, value: string): Omit<PolicyChange, "dryRun"> {
  const text = value.trim();
  if (opts.setting === "gwp") {
    const set = databaseGwpSets.find((s) => s === text.toUpperCase());
    if (set === undefined) throw usageError(`GWP set must be AR5 or AR6, got "${value}"`);
    return { gwpSet: set };
  }
  const policy = proxyPolicies.find((p) => p === text.toLowerCase());
  if (policy === undefined)
    throw usageError(`proxy policy must be allow or refuse, got "${value}"`);
  return { proxies: policy };
}

function describe(policy: CalculationPolicy): string {
  return `GWP set ${policy.gwpSet}, proxies ${policy.proxies === "allow" ? "allowed" : "refused"}`;
}

/** The policy's change and the GWP values it restates with, for people: on stderr. */
function policyLine(result: PolicyChangeResult): string {
  const gwp =
    result.gwp === null
      ? `the library has no ${result.after.gwpSet} GWP rows for CH4 and N2O: no factor is restated, each keeps its published set`
      : `factors of another set restated with ${result.after.gwpSet} GWP-100 CH4 ${result.gwp.ch4}, N2O ${result.gwp.n2o} (the library's ghg_ch4, ghg_n2o rows)`;
  return `${describe(result.before)} -> ${describe(result.after)}; ${gwp}`;
}

/** Without --yes or --dry-run someone must confirm a change: refused at once when no one can. */
function checkConfirmable(
  ctx: Context,
  opts: PolicyOptions,
  current: CalculationPolicy,
  change: Omit<PolicyChange, "dryRun">,
): void {
  if (opts.yes || opts.dryRun || ctx.io.stdinIsTty) return;
  // Asking for the policy already in place changes nothing: it is reported, not refused.
  if (unchanged({ before: current, after: { ...current, ...change } })) return;
  throw new CarbonError(
    "usage",
    "changing the database's policy recalculates every emission and needs a confirmation; stdin is not a terminal",
    { hint: "add --yes to change it without asking, or --dry-run to print the change only" },
  );
}

async function confirm(ctx: Context, plan: PolicyChangeResult): Promise<void> {
  const count = formatCount(plan.recalculation.recalculated);
  const prompt = `Recalculate ${count} consumptions under ${describe(plan.after)}? [y/N] `;
  await confirmOrCancel(ctx.input, prompt, "the policy and the emissions were left as they were");
}

function unchanged(result: Pick<PolicyChangeResult, "before" | "after">): boolean {
  return (
    result.before.gwpSet === result.after.gwpSet && result.before.proxies === result.after.proxies
  );
}

export async function executePolicy(ctx: Context, opts: PolicyOptions): Promise<void> {
  const service = await ctx.service();
  const quiet = ctx.globals().quiet === true;
  if (opts.value === undefined) {
    renderList(ctx.io, ctx.format(), [await service.factors.policy()], policyColumns);
    return;
  }
  const change = changeOf(opts, opts.value);
  checkConfirmable(ctx, opts, await service.factors.policy(), change);
  const report = (result: PolicyChangeResult): void => {
    showRecalculation(ctx, result.recalculation, result);
    if (quiet) return;
    if (unchanged(result)) ctx.io.err(`already ${describe(result.before)}: nothing to recalculate`);
    else ctx.io.err(policyLine(result));
    if (result.dryRun) ctx.io.err("dry run: nothing was stored");
  };
  // A plan first when someone is to confirm it; --yes and --dry-run calculate once.
  if (opts.dryRun || !opts.yes) {
    const plan = await service.factors.changePolicy({ ...change, dryRun: true });
    if (opts.dryRun || unchanged(plan)) {
      report(plan);
      return;
    }
    if (!quiet) {
      ctx.io.err(policyLine(plan));
      for (const company of plan.recalculation.companies) ctx.io.err(companyLine(company));
      if (!moves(plan.recalculation)) ctx.io.err("no figure changes");
    }
    await confirm(ctx, plan);
  }
  report(await service.factors.changePolicy({ ...change, dryRun: false }));
}
