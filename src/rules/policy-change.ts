/**
 * Changing a database's calculation policy (GWP set, proxies): the new policy is stored and every
 * emission recalculated under it, in the rule's write transaction, and the change reported per
 * company, scope and category as `emissions recalculate` reports it (docs/factor-library.md
 * "Changing the GWP set or the proxy policy"). A policy asked for that is the one in force
 * stores and recalculates nothing.
 */
import type {
  CalculationPolicy,
  PolicyChange,
  PolicyChangeResult,
} from "../core/model/calculation-policy.js";
import type { DatabaseGwpSet } from "../core/model/factor.js";
import { recalculationReport } from "../core/recalculation-report.js";
import type { GwpValues } from "../engine/factor-index.js";
import type { RecalculationDriver } from "./recalculation.js";
import type { Awaitable, StoreTransaction } from "./store.js";

/** What a policy change asks of the driver's calculation, which is not on the port. */
export interface PolicyDriver extends RecalculationDriver {
  /** The GWP-100 values the current library gives a set; undefined when it has none. */
  gwpOf(set: DatabaseGwpSet): Awaitable<GwpValues | undefined>;
  /** The current library's version, which a report names. */
  libraryVersion(): Awaitable<string>;
  /** Forgets what the calculation kept of the policy replaced, once the new one is saved. */
  policyChanged(): Awaitable<void>;
}

/** The database's GWP set and proxy policy. */
export async function factorPolicy(tx: StoreTransaction): Promise<CalculationPolicy> {
  return tx.factors.policy();
}

/** Stores the policy the change asks for and recalculates every emission under it. */
export async function changePolicy(
  tx: StoreTransaction,
  change: PolicyChange,
  driver: PolicyDriver,
): Promise<PolicyChangeResult> {
  const before = await tx.factors.policy();
  const after: CalculationPolicy = {
    gwpSet: change.gwpSet ?? before.gwpSet,
    proxies: change.proxies ?? before.proxies,
  };
  const values = await driver.gwpOf(after.gwpSet);
  const gwp = values === undefined ? null : { ch4: values.ch4, n2o: values.n2o };
  const result = { before, after, dryRun: change.dryRun, gwp };
  if (after.gwpSet === before.gwpSet && after.proxies === before.proxies) {
    const nothing = recalculationReport({
      companies: [],
      dryRun: change.dryRun,
      maxChangePercent: undefined,
      recalculated: 0,
      factorLibraryVersion: await driver.libraryVersion(),
    });
    return { ...result, recalculation: nothing };
  }
  const recalculation = await driver.run(tx, { dryRun: change.dryRun }, async () => {
    await tx.factors.savePolicy(after);
    await driver.policyChanged();
  });
  return { ...result, recalculation };
}
