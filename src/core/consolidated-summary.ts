/**
 * An emission summary (any grouping: month by scope, category...) consolidated by an
 * organization limit: each part of the boundary summarized over the window inside the limit's
 * period, its figures times the share the approach applies, the groups merged by key. The same
 * arithmetic as `consolidate` (docs/organization-limits.md), for dashboards and exports.
 */
import {
  appliedPercent,
  boundaryMembers,
  type Consolidation,
  type ConsolidationSources,
  termsOf,
} from "./consolidation.js";
import { CarbonError } from "./errors.js";
import { type EmissionGroup, type EmissionSummary, zeroTotals } from "./model/emission.js";
import type { OrganizationLimit } from "./model/organization-limit.js";
import type { SummaryQuery } from "./ports/emissions.js";

export interface ConsolidatedSummary {
  readonly limit: Consolidation["limit"];
  readonly summary: EmissionSummary;
}

/** One summarized part: its figures count times `weight`; its records are counted when `counts`. */
interface WeightedPart {
  readonly summary: EmissionSummary;
  readonly weight: number;
  readonly counts: boolean;
}

/** The query's window inside the limit's period; a window outside it is a usage error. */
function windowIn(
  limit: Consolidation["limit"],
  query: SummaryQuery,
): { from: string; to: string } {
  const from =
    query.from !== undefined && query.from > limit.periodFrom ? query.from : limit.periodFrom;
  const to = query.to !== undefined && query.to < limit.periodTo ? query.to : limit.periodTo;
  if (from > to) {
    throw new CarbonError(
      "usage",
      `organization limit ${limit.id} covers ${limit.periodFrom} to ${limit.periodTo}; the period asked (${query.from ?? "…"} to ${query.to ?? "…"}) is outside it`,
      { hint: "ask for a period inside the limit's, or use a limit of that period" },
    );
  }
  return { from, to };
}

export async function consolidateSummary(
  sources: ConsolidationSources,
  organizationLimit: OrganizationLimit,
  query: SummaryQuery,
): Promise<ConsolidatedSummary> {
  const terms = termsOf(organizationLimit);
  const { id, companyId, name, approach, periodFrom, periodTo } = terms;
  const limit = { id, companyId, name, approach, periodFrom, periodTo };
  const { companyId: _company, buildingId: _building, from: _from, to: _to, ...rest } = query;
  const base = { ...rest, ...windowIn(limit, query) };
  const parts: WeightedPart[] = [];
  const add = async (
    filter: { companyId: string; buildingId?: string },
    weight: number,
    counts: boolean,
  ) => {
    if (weight === 0 && !counts) return;
    parts.push({
      summary: await sources.emissions.summarize({ ...base, ...filter }),
      weight,
      counts,
    });
  };
  await add({ companyId }, 1, true);
  const parentId = companyId.toLowerCase();
  for (const member of await boundaryMembers(sources, terms)) {
    const applied = appliedPercent(approach, member.sharePercent) / 100;
    if (member.kind === "company") {
      await add({ companyId: member.id }, applied, applied > 0);
    } else if (member.owner.toLowerCase() === parentId) {
      // Counted whole inside the parent already: only the difference to its share is added.
      await add({ companyId: member.owner, buildingId: member.id }, applied - 1, false);
    } else {
      await add({ companyId: member.owner, buildingId: member.id }, applied, applied > 0);
    }
  }
  return { limit, summary: mergeSummaries(query.groupBy, parts) };
}

/** The totals that count emissions (a member's part at a share counts none of them again). */
const COUNTED = [
  "count",
  "awaitingFactor",
  "marketAwaitingFactor",
  "earlierYear",
  "otherGeography",
  "proxy",
  "gwpNotConverted",
] as const;

function mergeSummaries(
  groupBy: SummaryQuery["groupBy"],
  parts: readonly WeightedPart[],
): EmissionSummary {
  const groups = new Map<string, EmissionGroup>();
  const totals: EmissionSummary["totals"] = zeroTotals();
  for (const { summary, weight, counts } of parts) {
    for (const group of summary.groups) {
      const key = groupKey(groupBy, group);
      const sum = groups.get(key) ?? {
        key: group.key,
        label: group.label,
        co2e: 0,
        co2eMarketBased: 0,
        count: 0,
        awaitingFactor: 0,
        marketAwaitingFactor: 0,
      };
      groups.set(key, {
        ...sum,
        co2e: sum.co2e + group.co2e * weight,
        co2eMarketBased: sum.co2eMarketBased + group.co2eMarketBased * weight,
        count: sum.count + (counts ? group.count : 0),
        awaitingFactor: sum.awaitingFactor + (counts ? group.awaitingFactor : 0),
        marketAwaitingFactor: sum.marketAwaitingFactor + (counts ? group.marketAwaitingFactor : 0),
      });
    }
    const t = summary.totals;
    totals.co2e += t.co2e * weight;
    // A server that does not report biogenic CO2 adds none.
    totals.biogenicCo2 = (totals.biogenicCo2 ?? 0) + (t.biogenicCo2 ?? 0) * weight;
    totals.co2eMarketBased += t.co2eMarketBased * weight;
    for (const scope of ["1", "2", "3"] as const)
      totals.byScope[scope] += t.byScope[scope] * weight;
    if (t.scope2MarketBased !== null) {
      totals.scope2MarketBased = (totals.scope2MarketBased ?? 0) + t.scope2MarketBased * weight;
    }
    if (counts) {
      for (const name of COUNTED) totals[name] += t[name];
    }
  }
  return {
    groupBy: [...groupBy],
    groups: mergedOrder(
      groupBy,
      parts.map((part) => part.summary.groups),
    ).flatMap((key) => groups.get(key) ?? []),
    totals,
    factorLibraryVersion: parts[0]?.summary.factorLibraryVersion ?? "",
    gwpSet: parts[0]?.summary.gwpSet ?? null,
  };
}

function groupKey(groupBy: SummaryQuery["groupBy"], group: EmissionGroup): string {
  return JSON.stringify(groupBy.map((name) => group.key[name] ?? ""));
}

/**
 * The groups of every part in one order that keeps each part's own (the engine's: scopes,
 * months, category codes...): a topological sort of "comes before" within each part, ties in
 * order of first appearance. Each part is sorted by the same rule, so no cycle arises.
 */
function mergedOrder(
  groupBy: SummaryQuery["groupBy"],
  lists: readonly (readonly EmissionGroup[])[],
): string[] {
  const firstSeen = new Map<string, number>();
  const after = new Map<string, Set<string>>();
  const before = new Map<string, number>();
  for (const list of lists) {
    let previous: string | undefined;
    for (const group of list) {
      const key = groupKey(groupBy, group);
      if (!firstSeen.has(key)) {
        firstSeen.set(key, firstSeen.size);
        after.set(key, new Set());
        before.set(key, 0);
      }
      if (previous !== undefined && previous !== key && !after.get(previous)?.has(key)) {
        after.get(previous)?.add(key);
        before.set(key, (before.get(key) ?? 0) + 1);
      }
      previous = key;
    }
  }
  const ready = [...firstSeen.keys()].filter((key) => before.get(key) === 0);
  const order: string[] = [];
  for (;;) {
    ready.sort((a, b) => (firstSeen.get(a) ?? 0) - (firstSeen.get(b) ?? 0));
    const key = ready.shift();
    if (key === undefined) break;
    order.push(key);
    for (const next of after.get(key) ?? []) {
      const left = (before.get(next) ?? 0) - 1;
      before.set(next, left);
      if (left === 0) ready.push(next);
    }
  }
  // A server whose parts disagree on order leaves a cycle: its groups follow in first-seen order.
  const placed = new Set(order);
  for (const key of firstSeen.keys()) if (!placed.has(key)) order.push(key);
  return order;
}
