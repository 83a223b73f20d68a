import { scopeKey } from "../core/import-counts.js";
import {
  type Emission,
  type EmissionSummary,
  type GroupKey,
  zeroTotals,
} from "../core/model/emission.js";
import type { GwpSet } from "../core/model/factor.js";
import { fallbackLabels, marketFigure } from "./emission-labels.js";
import { type Granularity, prorate, windowShare } from "./proration.js";
import {
  type CategoryInfo,
  compareTuples,
  type SummaryLookups,
  type SummaryWindow,
} from "./summary-types.js";

export interface EmissionSummarizer {
  add(emission: Emission): void;
  result(factorLibraryVersion: string): EmissionSummary;
}

interface GroupTotals {
  readonly key: Record<string, string>;
  readonly label: Record<string, string>;
  readonly sortKey: readonly (number | string)[];
  co2e: number;
  co2eMarketBased: number;
  count: number;
  awaitingFactor: number;
  marketAwaitingFactor: number;
}

type Totals = EmissionSummary["totals"];

/** One slice of an emission: the month/year it falls in (if grouped so) and its share. */
interface Slice {
  readonly period: string | null;
  readonly share: number;
}

/**
 * Sums emissions into groups, one row at a time (rows can be streamed).
 * - Key values: scope "1"/"2"/"3"; subcategory: its code; category: the parent's code; building:
 *   its id; month "YYYY-MM"; year "YYYY". `label` names categories and buildings.
 * - Months and years are prorated by day; with a window only the days inside it count.
 * - Rows are emission lines: a consumption's direct line and its derived scope 3 category 3
 *   lines each count once, each in its own scope, category and days.
 * - Awaiting-factor rows count in `count` and `awaitingFactor` and add no CO2e.
 * - totals.biogenicCo2 adds the lines' biogenic CO2 (outside of scopes), in no scope or group.
 * - co2e is the location-based total of every scope, co2eMarketBased the market-based one
 *   (GHG Protocol dual reporting): scopes 1 and 3 count the same in both, scope 2 its
 *   market-based figure in the second, resolved on its own (emission-labels.ts `marketFigure`):
 *   a row whose market basis has a factor adds it even while its location basis awaits one;
 *   rows adding nothing to it count in `marketAwaitingFactor`.
 * - totals count the labelled fallbacks (emission-labels.ts) against `gwpSet`, the database's
 *   GWP set, which the summary states.
 * - totals.byScope is location-based; totals.scope2MarketBased is scope 2 alone, null
 *   without scope 2 rows.
 * - Groups come sorted by their keys in groupBy order: scopes numerically, months and years
 *   chronologically, categories by scope then code, buildings by name then id.
 * - An empty groupBy gives exactly one group (key {}) when there is at least one row.
 */
export function createEmissionSummarizer(
  groupBy: readonly GroupKey[],
  lookups: SummaryLookups,
  window?: SummaryWindow,
  gwpSet: GwpSet | null = null,
): EmissionSummarizer {
  const keys = [...new Set(groupBy)];
  const granularity: Granularity | null = keys.includes("month")
    ? "month"
    : keys.includes("year")
      ? "year"
      : null;
  const groups = new Map<string, GroupTotals>();
  const totals: Totals = zeroTotals();

  const slicesOf = (emission: Emission): Slice[] => {
    if (granularity === null) {
      const share = windowShare(emission.startDate, emission.endDate, window);
      return share > 0 ? [{ period: null, share }] : [];
    }
    return prorate(emission.startDate, emission.endDate, granularity, window);
  };

  const groupOf = (emission: Emission, period: string | null): GroupTotals => {
    const info = lookups.category(emission.categoryId);
    const key: Record<string, string> = {};
    const label: Record<string, string> = {};
    const sortKey: (number | string)[] = [];
    for (const name of keys) {
      const part = keyPart(name, emission, info, period, lookups);
      key[name] = part.value;
      if (part.label !== undefined) label[name] = part.label;
      sortKey.push(...part.sort);
    }
    const id = JSON.stringify(keys.map((name) => key[name]));
    let group = groups.get(id);
    if (group === undefined) {
      group = {
        key,
        label,
        sortKey,
        co2e: 0,
        co2eMarketBased: 0,
        count: 0,
        awaitingFactor: 0,
        marketAwaitingFactor: 0,
      };
      groups.set(id, group);
    }
    return group;
  };

  return {
    add(emission) {
      const slices = slicesOf(emission);
      if (slices.length === 0) return;
      const awaiting = emission.status === "awaiting_factor";
      const co2e = awaiting ? 0 : (emission.co2e ?? 0);
      const marketOrNull = marketFigure(emission);
      const marketAwaiting = marketOrNull === null;
      const market = marketOrNull ?? 0;
      let inside = 0;
      for (const slice of slices) {
        inside += slice.share;
        const group = groupOf(emission, slice.period);
        group.count += 1;
        if (awaiting) group.awaitingFactor += 1;
        if (marketAwaiting) group.marketAwaitingFactor += 1;
        group.co2e += co2e * slice.share;
        group.co2eMarketBased += market * slice.share;
      }
      totals.count += 1;
      if (awaiting) totals.awaitingFactor += 1;
      if (marketAwaiting) totals.marketAwaitingFactor += 1;
      const labels = fallbackLabels(emission, gwpSet);
      if (labels.earlierYear) totals.earlierYear += 1;
      if (labels.otherGeography) totals.otherGeography += 1;
      if (labels.proxy) totals.proxy += 1;
      if (labels.gwpNotConverted) totals.gwpNotConverted += 1;
      // Outside of scopes: reported beside the totals, never inside co2e or a scope.
      totals.biogenicCo2 =
        (totals.biogenicCo2 ?? 0) + (awaiting ? 0 : (emission.biogenicCo2 ?? 0)) * inside;
      totals.co2e += co2e * inside;
      totals.co2eMarketBased += market * inside;
      totals.byScope[scopeKey(emission.scope)] += co2e * inside;
      if (emission.scope === 2) {
        totals.scope2MarketBased = (totals.scope2MarketBased ?? 0) + market * inside;
      }
    },
    result(factorLibraryVersion) {
      const sorted = [...groups.values()].sort((a, b) => compareTuples(a.sortKey, b.sortKey));
      return {
        groupBy: keys,
        groups: sorted.map((group) => ({
          key: group.key,
          label: group.label,
          co2e: group.co2e,
          co2eMarketBased: group.co2eMarketBased,
          count: group.count,
          awaitingFactor: group.awaitingFactor,
          marketAwaitingFactor: group.marketAwaitingFactor,
        })),
        totals: { ...totals, byScope: { ...totals.byScope } },
        factorLibraryVersion,
        gwpSet,
      };
    },
  };
}

interface KeyPart {
  readonly value: string;
  readonly label?: string;
  readonly sort: readonly (number | string)[];
}

function keyPart(
  name: GroupKey,
  emission: Emission,
  info: CategoryInfo | undefined,
  period: string | null,
  lookups: SummaryLookups,
): KeyPart {
  switch (name) {
    case "scope":
      return { value: String(emission.scope), sort: [emission.scope] };
    case "subcategory": {
      const code = info?.code ?? emission.categoryId;
      return withLabel(code, info?.name, [info?.scope ?? emission.scope, code]);
    }
    case "category": {
      const code = info?.parentCode ?? emission.categoryId;
      return withLabel(code, info?.parentName, [info?.scope ?? emission.scope, code]);
    }
    case "building": {
      const buildingName = lookups.buildingName(emission.buildingId);
      return withLabel(emission.buildingId, buildingName, [
        buildingName ?? "",
        emission.buildingId,
      ]);
    }
    case "month": {
      const month = period ?? emission.startDate.slice(0, 7);
      return { value: month, sort: [month] };
    }
    case "year": {
      const year = (period ?? emission.startDate).slice(0, 4);
      return { value: year, sort: [year] };
    }
  }
}

function withLabel(value: string, label: string | undefined, sort: (number | string)[]): KeyPart {
  return label === undefined ? { value, sort } : { value, label, sort };
}
