/**
 * Changing a database's calculation policy (GWP set, proxies): the new policy is stored and every
 * emission recalculated under it, in the caller's write transaction, and the change reported per
 * company, scope and category as `emissions recalculate` reports it (docs/factor-library.md
 * "Changing the GWP set or the proxy policy").
 */
import type {
  CalculationPolicy,
  PolicyChange,
  PolicyChangeResult,
} from "../../core/model/calculation-policy.js";
import { recalculationReport } from "../../core/recalculation-report.js";
import { readPolicy, writePolicy } from "../../store/sqlite/resolution-schema.js";
import { type RecalculationContext, recalculationRun } from "./local-recalculation.js";

/** Stores the policy the change asks for and recalculates every emission under it. */
export function changePolicy(
  context: RecalculationContext,
  change: PolicyChange,
): PolicyChangeResult {
  const { db, calculator } = context.parts;
  const before = readPolicy(db);
  const after: CalculationPolicy = {
    gwpSet: change.gwpSet ?? before.gwpSet,
    proxies: change.proxies ?? before.proxies,
  };
  const values = calculator.index().gwpOf(after.gwpSet);
  const gwp = values === undefined ? null : { ch4: values.ch4, n2o: values.n2o };
  const result = { before, after, dryRun: change.dryRun, gwp };
  if (after.gwpSet === before.gwpSet && after.proxies === before.proxies) {
    const nothing = recalculationReport({
      companies: [],
      dryRun: change.dryRun,
      maxChangePercent: undefined,
      recalculated: 0,
      factorLibraryVersion: calculator.libraryVersion(),
    });
    return { ...result, recalculation: nothing };
  }
  const recalculation = recalculationRun(
    context,
    { dryRun: change.dryRun },
    {
      change: () => {
        writePolicy(db, after);
        calculator.invalidate();
      },
    },
  );
  return { ...result, recalculation };
}
