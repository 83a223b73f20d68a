/**
 * The report of a recalculation, from each company's emission summary (grouped by scope and
 * category) before and after it: the same figures dashboards show, so the change is the change a
 * report would see.
 */

import { scopeSchema } from "./model/common.js";
import type { EmissionGroup, EmissionSummary } from "./model/emission.js";
import type {
  RecalculationChange,
  RecalculationCompany,
  RecalculationReport,
  RecalculationSide,
} from "./model/recalculation.js";

export interface CompanyBeforeAfter {
  readonly companyId: string;
  /** Grouped by ["scope", "category"]. */
  readonly before: EmissionSummary;
  readonly after: EmissionSummary;
}

export interface ReportInput {
  readonly companies: readonly CompanyBeforeAfter[];
  readonly dryRun: boolean;
  readonly maxChangePercent: number | undefined;
  readonly recalculated: number;
  readonly factorLibraryVersion: string;
}

const none: RecalculationSide = { co2e: 0, co2eMarketBased: 0, count: 0, awaitingFactor: 0 };

/** (after - before) / before x 100; 0 from 0 to 0; null from 0 to anything else. */
export function percentChange(before: number, after: number): number | null {
  if (before === 0) return after === 0 ? 0 : null;
  return ((after - before) / Math.abs(before)) * 100;
}

function sideOf(group: EmissionGroup | undefined): RecalculationSide {
  if (group === undefined) return none;
  const { co2e, co2eMarketBased, count, awaitingFactor } = group;
  return { co2e, co2eMarketBased, count, awaitingFactor };
}

function totalsOf(summary: EmissionSummary): RecalculationSide {
  const { co2e, co2eMarketBased, count, awaitingFactor } = summary.totals;
  return { co2e, co2eMarketBased, count, awaitingFactor };
}

function groupId(group: EmissionGroup): string {
  return `${group.key.scope ?? ""}|${group.key.category ?? ""}`;
}

function changesOf(company: CompanyBeforeAfter): RecalculationChange[] {
  const before = new Map(company.before.groups.map((group) => [groupId(group), group]));
  const after = new Map(company.after.groups.map((group) => [groupId(group), group]));
  // Both summaries come sorted by (scope, category); the union keeps that order.
  const ids = [...new Set([...before.keys(), ...after.keys()])].sort((a, b) => {
    const [scopeA = "", codeA = ""] = a.split("|");
    const [scopeB = "", codeB = ""] = b.split("|");
    return Number(scopeA) - Number(scopeB) || (codeA < codeB ? -1 : codeA > codeB ? 1 : 0);
  });
  return ids.map((id) => {
    const was = before.get(id);
    const now = after.get(id);
    const group = now ?? was;
    const sides = { before: sideOf(was), after: sideOf(now) };
    return {
      companyId: company.companyId,
      // The summaries were grouped by scope: its key is "1", "2" or "3".
      scope: scopeSchema.parse(Number(group?.key.scope)),
      category: group?.key.category ?? "",
      categoryName: group?.label.category ?? null,
      ...sides,
      changeKg: sides.after.co2e - sides.before.co2e,
      changePercent: percentChange(sides.before.co2e, sides.after.co2e),
    };
  });
}

function companyOf(company: CompanyBeforeAfter, max: number | undefined): RecalculationCompany {
  const before = totalsOf(company.before);
  const after = totalsOf(company.after);
  const changePercent = percentChange(before.co2e, after.co2e);
  const changePercentMarketBased = percentChange(before.co2eMarketBased, after.co2eMarketBased);
  const beyond = (percent: number | null): boolean =>
    max !== undefined && (percent === null || Math.abs(percent) > max);
  return {
    companyId: company.companyId,
    before,
    after,
    changeKg: after.co2e - before.co2e,
    changePercent,
    changeKgMarketBased: after.co2eMarketBased - before.co2eMarketBased,
    changePercentMarketBased,
    exceeded: beyond(changePercent) || beyond(changePercentMarketBased),
  };
}

export function recalculationReport(input: ReportInput): RecalculationReport {
  const companies = input.companies.map((company) => companyOf(company, input.maxChangePercent));
  const exceeded = companies.some((company) => company.exceeded);
  return {
    dryRun: input.dryRun,
    stored: !input.dryRun && !exceeded,
    maxChangePercent: input.maxChangePercent ?? null,
    exceeded,
    recalculated: input.recalculated,
    factorLibraryVersion: input.factorLibraryVersion,
    companies,
    changes: input.companies.flatMap(changesOf),
  };
}
