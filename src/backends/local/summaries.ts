/** The dashboards on the local engine: the rules' summaries (src/rules/summaries.ts) fed rows as the store reads them. */
import type { ConsumptionSummary, EmissionSummary } from "../../core/model/emission.js";
import type { PeriodFilter } from "../../core/ports/consumptions.js";
import type { SummaryQuery } from "../../core/ports/emissions.js";
import type { EmissionCalculator } from "../../rules/emission-calculator.js";
import type { StoreTransaction } from "../../rules/store.js";
import * as rules from "../../rules/summaries.js";
import type { EngineStore } from "./engine-store.js";

/**
 * Building names are read up front: while rows are being iterated the connection runs no other
 * statement.
 */
async function labelsOf(store: EngineStore, tx: StoreTransaction): Promise<rules.SummaryLabels> {
  return { categories: store.catalog, buildingNames: await store.buildingNames(tx) };
}

/** Streams the matching emissions through the engine's summarizer, inside `tx`. */
export async function summarizeEmissions(
  store: EngineStore,
  calculator: EmissionCalculator,
  tx: StoreTransaction,
  query: SummaryQuery,
): Promise<EmissionSummary> {
  // The policy and library version, as pricing reads them (loaded first on a networked store).
  await tx.pricing.ready([]);
  const labels = await labelsOf(store, tx);
  const { gwpSet } = calculator.policy();
  return rules.summarizeEmissions(query, {
    ...labels,
    gwpSet,
    libraryVersion: calculator.libraryVersion(),
    lines: store.emissionLines(tx, query),
  });
}

export async function summarizeConsumptions(
  store: EngineStore,
  tx: StoreTransaction,
  query: PeriodFilter,
): Promise<ConsumptionSummary> {
  return rules.summarizeConsumptions(query, {
    ...(await labelsOf(store, tx)),
    rows: store.consumptionRows(tx, query),
  });
}
