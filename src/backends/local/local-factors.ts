import type { FactorsPort } from "../../core/ports/factors.js";
import { diffFactorReleases, factorReleases } from "../../rules/factor-releases.js";
import { type FactorResolver, listFactors, resolveFactor } from "../../rules/factors.js";
import { changePolicy, factorPolicy, type PolicyDriver } from "../../rules/policy-change.js";
import type { StoreTransactions } from "../../rules/store.js";
import { type RecalculationContext, recalculationRunAround } from "./local-recalculation.js";
import { writeOrRollBack } from "./transaction-tools.js";

/**
 * The factors part of the local engine: the library, its releases and resolution, read in the
 * port's transactions; the database's calculation policy, changed in one write transaction
 * (rolled back for a dry run).
 */
export function localFactors(
  rules: StoreTransactions,
  resolver: FactorResolver,
  context: RecalculationContext,
): FactorsPort {
  const { calculator } = context.parts;
  const driver: PolicyDriver = {
    gwpOf: (set) => calculator.index().gwpOf(set),
    libraryVersion: () => calculator.libraryVersion(),
    policyChanged: () => calculator.invalidate(),
    run: (tx, request, change, scopeOf) =>
      recalculationRunAround(context, tx, request, change, scopeOf),
  };
  return {
    list: (query) => rules.read((t) => listFactors(t, query)),
    // The read first drops cached custom factors another connection's commits made stale.
    resolve: (query) => rules.read((t) => resolveFactor(t, query, resolver)),
    policy: () => rules.read((t) => factorPolicy(t)),
    changePolicy: (change) =>
      // A dry run rolls the write back and answers what it would have done.
      writeOrRollBack(
        rules,
        (t) => changePolicy(t, change, driver),
        () => change.dryRun !== true,
      ),
    releases: () => rules.read((t) => factorReleases(t)),
    diff: (query) => rules.read((t) => diffFactorReleases(t, query.from, query.to)),
  };
}
