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

/** The emission lines the query matches, summed as it groups them. */
export function summarizeEmissions(
  query: SummaryQuery,
  source: SummaryLabels & {
    /** The GWP set of the policy in use, and the factor library's version. */
    readonly gwpSet: GwpSet;
    readonly libraryVersion: string;
    readonly lines: Iterable<Emission>;
  },
): EmissionSummary {
  const summarizer = createEmissionSummarizer(
    query.groupBy,
    lookupsOf(source),
    windowOf(query),
    source.gwpSet,
  );
  for (const emission of source.lines) summarizer.add(emission);
  return summarizer.result(source.libraryVersion);
}

/** The consumptions the query matches, summed by category and unit. */
export function summarizeConsumptions(
  query: PeriodFilter,
  source: SummaryLabels & { readonly rows: Iterable<ConsumptionSummaryRow> },
): ConsumptionSummary {
  const summarizer = createConsumptionSummarizer(lookupsOf(source), windowOf(query));
  for (const row of source.rows) summarizer.add(row);
  return summarizer.result();
}
