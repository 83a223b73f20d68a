import type { ConsumptionSummary, EmissionSummary } from "../../core/model/emission.js";
import type { PeriodFilter } from "../../core/ports/consumptions.js";
import type { SummaryQuery } from "../../core/ports/emissions.js";
import {
  createConsumptionSummarizer,
  createEmissionSummarizer,
  type SummaryLookups,
  type SummaryWindow,
} from "../../engine/summary.js";
import type { EmissionCalculator } from "../../rules/emission-calculator.js";
import type { CategoryCatalog } from "../../store/sqlite/categories.js";
import type { ConsumptionQueries } from "./queries.js";
import type { RefCache } from "./ref-cache.js";

interface SummaryParts {
  readonly catalog: CategoryCatalog;
  readonly refs: RefCache;
  readonly calculator: EmissionCalculator;
  readonly queries: ConsumptionQueries;
}

/**
 * Building names are read up front: while rows are being iterated the connection runs no other
 * statement.
 */
function lookupsOf(parts: SummaryParts): SummaryLookups {
  parts.refs.ensure();
  const names = parts.refs.buildingNames();
  return {
    category: (id) => parts.catalog.info(id),
    buildingName: (id) => names.get(id),
  };
}

function windowOf(filter: PeriodFilter): SummaryWindow {
  return {
    ...(filter.from === undefined ? {} : { from: filter.from }),
    ...(filter.to === undefined ? {} : { to: filter.to }),
  };
}

/** Streams the matching emissions through the engine's summarizer. */
export function summarizeEmissions(parts: SummaryParts, query: SummaryQuery): EmissionSummary {
  const lookups = lookupsOf(parts);
  const { gwpSet } = parts.calculator.policy();
  const summarizer = createEmissionSummarizer(query.groupBy, lookups, windowOf(query), gwpSet);
  const version = parts.calculator.libraryVersion();
  for (const emission of parts.queries.iterateEmissions(query)) summarizer.add(emission);
  return summarizer.result(version);
}

export function summarizeConsumptions(
  parts: SummaryParts,
  query: PeriodFilter,
): ConsumptionSummary {
  const summarizer = createConsumptionSummarizer(lookupsOf(parts), windowOf(query));
  for (const row of parts.queries.iterateConsumptionRows(query)) summarizer.add(row);
  return summarizer.result();
}
