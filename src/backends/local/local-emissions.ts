/** The local engine's emissions part: lists, streams and dashboards of the calculated emissions. */
import type { EmissionsPort } from "../../core/ports/emissions.js";
import { listEmissions } from "../../rules/consumption-reads.js";
import { type RecalculationContext, recalculateCompanies } from "./local-recalculation.js";
import { summarizeEmissions } from "./summaries.js";

export function localEmissions(context: RecalculationContext): EmissionsPort {
  const { store, readCalculator } = context.parts;
  return {
    list: (query) => context.rules.read((t) => listEmissions(t, query)),
    // On a reader of the store's own: the engine serves other calls meanwhile.
    stream: (filter) => store.streamEmissions(filter),
    summarize: (query) =>
      context.rules.read((tx) => summarizeEmissions(store, readCalculator, tx, query)),
    recalculate: async (request) => recalculateCompanies(context, request),
  };
}
