import type { FactorsPort } from "../../core/ports/factors.js";
import { readPolicy } from "../../store/sqlite/resolution-schema.js";
import type { FactorQueries } from "./factors.js";
import type { RecalculationContext } from "./local-recalculation.js";
import { changePolicy } from "./policy-change.js";
import { rolledBack, type Transactions, withRollback } from "./transaction-tools.js";

/**
 * The factors part of the local engine: the shipped library and resolution, read by `read`;
 * the database's calculation policy, changed in one write transaction (rolled back for a dry run).
 */
export function localFactors(
  factors: FactorQueries,
  tx: Pick<Transactions, "read" | "write">,
  context: RecalculationContext,
): FactorsPort {
  return {
    list: async (query) => tx.read(() => factors.list(query)),
    // The read first drops cached custom factors another connection's commits made stale.
    resolve: async (query) => tx.read(() => factors.resolve(query)),
    policy: async () => tx.read(() => readPolicy(context.parts.db)),
    async changePolicy(change) {
      const run = () => changePolicy(context, change);
      return change.dryRun ? rolledBack(() => tx.write(withRollback(run))) : tx.write(run);
    },
    releases: async () => tx.read(() => factors.releases()),
    diff: async (query) => tx.read(() => factors.diff(query.from, query.to)),
  };
}
