/** The dashboards on the local engine: the rules' summaries (src/rules/summaries.ts) fed rows as read. */
import type { ConsumptionSummary, EmissionSummary } from "../../core/model/emission.js";
import type { PeriodFilter } from "../../core/ports/consumptions.js";
import type { SummaryQuery } from "../../core/ports/emissions.js";
import type { EmissionCalculator } from "../../rules/emission-calculator.js";
import * as rules from "../../rules/summaries.js";
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
function labelsOf(parts: SummaryParts): rules.SummaryLabels {
  parts.refs.ensure();
  return { categories: parts.catalog, buildingNames: parts.refs.buildingNames() };
}

/** Streams the matching emissions through the engine's summarizer. */
export function summarizeEmissions(parts: SummaryParts, query: SummaryQuery): EmissionSummary {
  const labels = labelsOf(parts);
  const { gwpSet } = parts.calculator.policy();
  return rules.summarizeEmissions(query, {
    ...labels,
    gwpSet,
    libraryVersion: parts.calculator.libraryVersion(),
    lines: parts.queries.iterateEmissions(query),
  });
}

export function summarizeConsumptions(
  parts: SummaryParts,
  query: PeriodFilter,
): ConsumptionSummary {
  return rules.summarizeConsumptions(query, {
    ...labelsOf(parts),
    rows: parts.queries.iterateConsumptionRows(query),
  });
}
