/** `emissions recalculate`: the change worked out, shown, confirmed, then stored. */
import { CarbonError } from "../../../core/errors.js";
import type {
  RecalculationChange,
  RecalculationCompany,
  RecalculationReport,
  RecalculationRequest,
} from "../../../core/model/recalculation.js";
import { percentChange } from "../../../core/recalculation-report.js";
import type { Context } from "../../context.js";
import { parseNumber } from "../../flags.js";
import { idResolver } from "../../id-resolver.js";
import { type Column, jsonText, renderList } from "../../output/format.js";
import { formatCount, formatKilograms } from "../../render/numbers.js";
import { confirmOrCancel } from "../../user-input.js";

export interface RecalculateOptions {
  readonly company?: string;
  readonly dryRun: boolean;
  readonly maxChange?: string;
  readonly library?: string;
  readonly yes: boolean;
}

export const changeColumns: readonly Column<RecalculationChange>[] = [
  { header: "companyId", value: (row) => row.companyId },
  { header: "scope", value: (row) => row.scope },
  { header: "category", value: (row) => row.category },
  { header: "beforeKg", value: (row) => row.before.co2e },
  { header: "afterKg", value: (row) => row.after.co2e },
  { header: "changeKg", value: (row) => row.changeKg },
  { header: "changePercent", value: (row) => row.changePercent },
  { header: "beforeMarketKg", value: (row) => row.before.co2eMarketBased },
  { header: "afterMarketKg", value: (row) => row.after.co2eMarketBased },
  { header: "awaitingBefore", value: (row) => row.before.awaitingFactor },
  { header: "awaitingAfter", value: (row) => row.after.awaitingFactor },
];

function percentText(percent: number | null): string {
  if (percent === null) return "from 0";
  const sign = percent > 0 ? "+" : "";
  return `${sign}${percent.toFixed(2)} %`;
}

/** One scope and category of a change, for people: location-based, then market-based. */
export function changeLine(change: RecalculationChange): string {
  const { before, after } = change;
  const market = percentChange(before.co2eMarketBased, after.co2eMarketBased);
  return (
    `  scope ${change.scope} ${change.category}: ${formatKilograms(before.co2e)} -> ${formatKilograms(after.co2e)} kgCO2e` +
    ` (${percentText(change.changePercent)}), market-based ${formatKilograms(before.co2eMarketBased)}` +
    ` -> ${formatKilograms(after.co2eMarketBased)} (${percentText(market)})`
  );
}

/**
 * Whether two kilogram figures differ by more than the rounding of adding the same days up in
 * other parts (a split bill's lines sum to its whole within a few units of the last digit).
 */
function differs(a: number, b: number): boolean {
  return Math.abs(a - b) > 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));
}

/** Whether a scope and category moved (either figure, or what awaits a factor). */
export function moved(change: RecalculationChange): boolean {
  return (
    differs(change.before.co2e, change.after.co2e) ||
    differs(change.before.co2eMarketBased, change.after.co2eMarketBased) ||
    change.after.awaitingFactor !== change.before.awaitingFactor
  );
}

export function companyLine(company: RecalculationCompany): string {
  const { before, after } = company;
  const waiting =
    before.awaitingFactor === after.awaitingFactor
      ? ""
      : `; awaiting a factor ${formatCount(before.awaitingFactor)} -> ${formatCount(after.awaitingFactor)}`;
  return (
    `company ${company.companyId}: ${formatKilograms(before.co2e)} -> ${formatKilograms(after.co2e)} kgCO2e` +
    ` (${percentText(company.changePercent)}), market-based ${formatKilograms(before.co2eMarketBased)}` +
    ` -> ${formatKilograms(after.co2eMarketBased)} (${percentText(company.changePercentMarketBased)})` +
    `${waiting}${company.exceeded ? " BEYOND --max-change" : ""}`
  );
}

export function moves(report: RecalculationReport): boolean {
  return report.changes.some(moved);
}

/** The rows of a report on stdout (json: `whole`, the report by default); its totals on stderr. */
export function showRecalculation(
  ctx: Context,
  report: RecalculationReport,
  whole: unknown = report,
): void {
  if (ctx.format() === "json") ctx.io.out(jsonText(whole, true));
  else renderList(ctx.io, ctx.format(), report.changes, changeColumns);
  if (ctx.globals().quiet === true) return;
  ctx.io.err(
    `${formatCount(report.recalculated)} consumptions recalculated under factor library ${report.factorLibraryVersion}`,
  );
  for (const company of report.companies) ctx.io.err(companyLine(company));
}

function beyondLimit(report: RecalculationReport): CarbonError {
  const over = report.companies.filter((company) => company.exceeded).length;
  return new CarbonError(
    "validation",
    `the recalculation moves ${over} compan${over === 1 ? "y's" : "ies'"} total by more than --max-change ${report.maxChangePercent} %; nothing was stored`,
    { hint: "look at the rows above, or raise --max-change" },
  );
}

/** Without --yes or --dry-run someone must confirm: refused at once when no one can. */
function checkConfirmable(ctx: Context, opts: RecalculateOptions): void {
  if (opts.yes || opts.dryRun || ctx.io.stdinIsTty) return;
  throw new CarbonError(
    "usage",
    "recalculating stored emissions needs a confirmation, and stdin is not a terminal",
    { hint: "add --yes to store without asking, or --dry-run to print the change only" },
  );
}

async function confirm(ctx: Context, report: RecalculationReport) {
  const count = formatCount(report.recalculated);
  await confirmOrCancel(
    ctx.input,
    `Store the recalculated emissions of ${count} consumptions? [y/N] `,
    "nothing was stored",
  );
}

export async function executeRecalculation(ctx: Context, opts: RecalculateOptions): Promise<void> {
  const maxChangePercent =
    opts.maxChange === undefined ? undefined : parseNumber("--max-change", opts.maxChange, 0);
  const companyIds =
    opts.company === undefined
      ? undefined
      : [await idResolver(() => ctx.service()).company("--company", opts.company)];
  const request: RecalculationRequest = {
    ...(companyIds === undefined ? {} : { companyIds }),
    ...(maxChangePercent === undefined ? {} : { maxChangePercent }),
    ...(opts.library === undefined ? {} : { library: opts.library }),
  };
  checkConfirmable(ctx, opts);
  const service = await ctx.service();
  // With --yes there is nothing to show first: the one run is guarded by --max-change itself.
  if (!opts.yes || opts.dryRun) {
    const plan = await service.emissions.recalculate({ ...request, dryRun: true });
    if (opts.dryRun || plan.exceeded) {
      showRecalculation(ctx, plan);
      if (plan.exceeded) throw beyondLimit(plan);
      if (ctx.globals().quiet !== true) ctx.io.err("dry run: nothing was stored");
      return;
    }
    if (ctx.globals().quiet !== true) {
      // What the confirmation is about, before it is asked.
      for (const company of plan.companies) ctx.io.err(companyLine(company));
      if (!moves(plan)) {
        ctx.io.err("no figure changes; storing records the factor library each emission now uses");
      }
    }
    await confirm(ctx, plan);
  }
  const report = await service.emissions.recalculate({ ...request, dryRun: false });
  showRecalculation(ctx, report);
  // Beyond --max-change the engine stored nothing (another writer may also have moved the
  // figures since a plan was shown).
  if (report.exceeded) throw beyondLimit(report);
}
