/** The local engine's emissions part: lists, streams and dashboards of the calculated emissions. */
import type { Emission } from "../../core/model/emission.js";
import type { EmissionFilter, EmissionsPort } from "../../core/ports/emissions.js";
import { listEmissions } from "../../rules/consumption-reads.js";
import type { StoreTransactions } from "../../rules/store.js";
import type { LocalParts } from "./local-parts.js";
import { type RecalculationContext, recalculateCompanies } from "./local-recalculation.js";
import { summarizeEmissions } from "./summaries.js";

/** What the part needs of the LocalService that holds it. */
export interface EmissionsPartContext extends RecalculationContext {
  readonly parts: LocalParts;
  /** The rules' transactions over the Store port (pages of emission lines). */
  readonly rules: StoreTransactions;
  /** A read after dropping caches another connection's commits made stale. */
  read<T>(fn: () => T): T;
  /** Database errors translated into CarbonErrors. */
  guard<T>(fn: () => T): T;
}

export function localEmissions(context: EmissionsPartContext): EmissionsPort {
  const p = context.parts;
  /**
   * Rows come from `Statement.iterate` on a read-only connection of its own, so the service stays
   * usable between rows (a server answers other requests meanwhile). It reads the last committed
   * state: an open import session's rows are not in it. Stop early with `break`/`return`.
   */
  async function* stream(filter: EmissionFilter): AsyncIterable<Emission> {
    const reader = context.guard(() => p.openReader?.());
    try {
      const rows = (reader?.queries ?? p.queries).iterateEmissions(filter);
      try {
        for (;;) {
          const next = context.guard(() => rows.next());
          if (next.done === true) return;
          yield next.value;
        }
      } finally {
        rows.return();
      }
    } finally {
      reader?.close();
    }
  }
  return {
    list: (query) => context.rules.read((t) => listEmissions(t, query)),
    stream,
    summarize: async (query) => context.read(() => summarizeEmissions(p, query)),
    recalculate: async (request) => recalculateCompanies(context, request),
  };
}
