import type { FactorsPort } from "../../core/ports/factors.js";
import type { FactorQueries } from "./factors.js";
import type { Transactions } from "./transaction-tools.js";

/** The factors part of the local engine: the shipped library and resolution, read by `read`. */
export function localFactors(factors: FactorQueries, tx: Pick<Transactions, "read">): FactorsPort {
  return {
    list: async (query) => tx.read(() => factors.list(query)),
    // The read first drops cached custom factors another connection's commits made stale.
    resolve: async (query) => tx.read(() => factors.resolve(query)),
    releases: async () => tx.read(() => factors.releases()),
    diff: async (query) => tx.read(() => factors.diff(query.from, query.to)),
  };
}
