/**
 * The dashboards: the matching emission lines, or consumptions, streamed through the engine's
 * summarizers. The rows come from the caller as they are read (one statement iterated), so a
 * dashboard over millions of rows holds none of them.
 */
import type { ConsumptionSummary, Emission, EmissionSummary } from "../core/model/emission.js";
import type { GwpSet } from "../core/model/factor.js";
import type { PeriodFilter } from "../core/ports/consumptions.js";
import type { SummaryQuery } from "../core/ports/emissions.js";
import {
  type CategoryInfo,
  type ConsumptionSummaryRow,
  createConsumptionSummarizer,
  createEmissionSummarizer,
  type SummaryLookups,
  type SummaryWindow,
} from "../engine/summary.js";
import type { CategoryLookup } from "./store.js";

/** What the labels of a dashboard are read from. */
export interface SummaryLabels {
  readonly categories: Pick<CategoryLookup, "byId">;
  /** id -> name of every building, read before the rows (the connection is busy while they are). */
  readonly buildingNames: ReadonlyMap<string, string>;
}

/** What a summary needs to know of a subcategory: its own code and name, and its parent's. */
function categoryInfo(
  categories: Pick<CategoryLookup, "byId">,
  id: string,
): CategoryInfo | undefined {
  const category = categories.byId(id);
  if (category === undefined) return undefined;
  const parent = category.parentId === null ? undefined : categories.byId(category.parentId);
  return {
    code: category.code,
    name: category.name,
    scope: category.scope,
    parentCode: parent?.code ?? category.code,
    parentName: parent?.name ?? category.name,
    defaultUnit: category.defaultUnit,
  };
}

function lookupsOf(labels: SummaryLabels): SummaryLookups {
  return {
    category: (id) => categoryInfo(labels.categories, id),
    buildingName: (id) => labels.buildingNames.get(id),
  };
}

function windowOf(filter: PeriodFilter): SummaryWindow {
  return {
    ...(filter.from === undefined ? {} : { from: filter.from }),
    ...(filter.to === undefined ? {} : { to: filter.to }),
  };
}

/**
 * Rows as the store reads them: a statement iterated (added in one loop that never yields, so the
 * statement has the connection to itself), or batches that come asynchronously.
 */
export type SummaryRows<T> = Iterable<T> | AsyncIterable<T>;

/** Adds every row, then answers `result()`: at once for rows at hand, later for awaited ones. */
function addAll<T, R>(
  rows: SummaryRows<T>,
  add: (row: T) => void,
  result: () => R,
): R | Promise<R> {
  if (Symbol.asyncIterator in rows) {
    return (async () => {
      for await (const row of rows) add(row);
      return result();
    })();
  }
  for (const row of rows) add(row);
  return result();
}

/** The emission lines the query matches, summed as it groups them. */
export function summarizeEmissions(
  query: SummaryQuery,
  source: SummaryLabels & {
    /** The GWP set of the policy in use, and the factor library's version. */
    readonly gwpSet: GwpSet;
    readonly libraryVersion: string;
    readonly lines: SummaryRows<Emission>;
  },
): EmissionSummary | Promise<EmissionSummary> {
  const summarizer = createEmissionSummarizer(
    query.groupBy,
    lookupsOf(source),
    windowOf(query),
    source.gwpSet,
  );
  return addAll(
    source.lines,
    (emission) => summarizer.add(emission),
    () => summarizer.result(source.libraryVersion),
  );
}

/** The consumptions the query matches, summed by category and unit. */
export function summarizeConsumptions(
  query: PeriodFilter,
  source: SummaryLabels & { readonly rows: SummaryRows<ConsumptionSummaryRow> },
): ConsumptionSummary | Promise<ConsumptionSummary> {
  const summarizer = createConsumptionSummarizer(lookupsOf(source), windowOf(query));
  return addAll(
    source.rows,
    (row) => summarizer.add(row),
    () => summarizer.result(),
  );
}
