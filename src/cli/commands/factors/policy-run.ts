/** `factors gwp` and `factors proxies`: show the policy, or plan, confirm and apply a change. */
import { CarbonError, usageError } from "../../../core/errors.js";
import type {
  CalculationPolicy,
  PolicyChange,
  PolicyChangeResult,
  PolicyCompanyChange,
} from "../../../core/model/calculation-policy.js";
import { databaseGwpSets, proxyPolicies } from "../../../core/model/factor.js";
import type { Context } from "../../context.js";
import { type Column, renderList } from "../../output/format.js";
import { formatCount, formatKilograms } from "../../render/numbers.js";
import { confirmOrCancel } from "../../user-input.js";

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

const changeColumns: readonly Column<PolicyCompanyChange>[] = [
  { header: "companyId", value: (row) => row.companyId },
  { header: "name", value: (row) => row.companyName },
  { header: "emissions", value: (row) => row.emissions },
  { header: "changed", value: (row) => row.changed },
  { header: "co2eBefore", value: (row) => row.co2eBefore },
  { header: "co2eAfter", value: (row) => row.co2eAfter },
  { header: "co2eMarketBasedBefore", value: (row) => row.co2eMarketBasedBefore },
  { header: "co2eMarketBasedAfter", value: (row) => row.co2eMarketBasedAfter },
  { header: "awaitingFactorBefore", value: (row) => row.awaitingFactorBefore },
  { header: "awaitingFactorAfter", value: (row) => row.awaitingFactorAfter },
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

/** What the change did (or would do), for people: on stderr. */
function summaryLines(result: PolicyChangeResult, plan = false): string[] {
  const sum = (pick: (row: PolicyCompanyChange) => number) =>
    result.companies.reduce((total, row) => total + pick(row), 0);
  const changed = sum((row) => row.changed);
  const verb = result.dryRun ? "would change" : "changed";
  const stored = result.dryRun && !plan ? ["dry run: nothing was stored"] : [];
  const gwp =
    result.gwp === null
      ? `the library has no ${result.after.gwpSet} GWP rows for CH4 and N2O: no factor is restated, each keeps its published set`
      : `factors of another set restated with ${result.after.gwpSet} GWP-100 CH4 ${result.gwp.ch4}, N2O ${result.gwp.n2o} (the library's ghg_ch4, ghg_n2o rows)`;
  return [
    `${describe(result.before)} -> ${describe(result.after)}; ${gwp}`,
    `${formatCount(result.recalculated)} emissions recalculated, ${formatCount(changed)} ${verb}:` +
      ` ${formatKilograms(sum((r) => r.co2eBefore))} -> ${formatKilograms(sum((r) => r.co2eAfter))} kgCO2e location-based,` +
      ` ${formatKilograms(sum((r) => r.co2eMarketBasedBefore))} -> ${formatKilograms(sum((r) => r.co2eMarketBasedAfter))} market-based,` +
      ` awaiting a factor ${formatCount(sum((r) => r.awaitingFactorBefore))} -> ${formatCount(sum((r) => r.awaitingFactorAfter))}`,
    ...stored,
  ];
}

async function confirm(ctx: Context, opts: PolicyOptions, plan: PolicyChangeResult): Promise<void> {
  if (opts.yes) return;
  if (!ctx.io.stdinIsTty) {
    throw new CarbonError(
      "usage",
      "changing the database's policy recalculates every emission and needs a confirmation; stdin is not a terminal",
      { hint: "add --yes to change it without asking, or --dry-run to print the change only" },
    );
  }
  const prompt = `Recalculate ${formatCount(plan.recalculated)} emissions under ${describe(plan.after)}? [y/N] `;
  await confirmOrCancel(ctx.input, prompt, "the policy and the emissions were left as they were");
}

function unchanged(result: PolicyChangeResult): boolean {
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
  const report = (result: PolicyChangeResult): void => {
    renderList(ctx.io, ctx.format(), result.companies, changeColumns);
    if (quiet) return;
    if (unchanged(result)) ctx.io.err(`already ${describe(result.before)}: nothing to recalculate`);
    else for (const line of summaryLines(result)) ctx.io.err(line);
  };
  // A plan first when someone is to confirm it; --yes and --dry-run calculate once.
  if (opts.dryRun || !opts.yes) {
    const plan = await service.factors.changePolicy({ ...change, dryRun: true });
    if (opts.dryRun || unchanged(plan)) {
      report(plan);
      return;
    }
    if (!quiet) for (const line of summaryLines(plan, true)) ctx.io.err(line);
    await confirm(ctx, opts, plan);
  }
  report(await service.factors.changePolicy({ ...change, dryRun: false }));
}
