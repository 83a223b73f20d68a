/**
 * Changing a database's calculation policy (GWP set, proxies): the new policy is stored and every
 * emission recalculated under it, in the caller's write transaction, and the change reported
 * per company (docs/factor-library.md "Changing the GWP set or the proxy policy").
 */
import type {
  CalculationPolicy,
  PolicyChange,
  PolicyChangeResult,
  PolicyCompanyChange,
} from "../../core/model/calculation-policy.js";
import type { CategoryCatalog } from "./categories.js";
import { MARKET_FIGURE } from "./certificate-cover.js";
import type { Db } from "./database.js";
import type { EmissionCalculator } from "./emission-calculator.js";
import { recalculateEmissions } from "./recalculate.js";
import { readPolicy, writePolicy } from "./resolution-schema.js";

export interface PolicyParts {
  readonly db: Db;
  readonly catalog: CategoryCatalog;
  readonly calculator: EmissionCalculator;
}

interface Totals {
  readonly ref: number;
  readonly id: string;
  readonly name: string;
  readonly emissions: number;
  readonly co2e: number;
  readonly market: number;
  readonly awaiting: number;
}

/** Each company's totals as summaries add them: market-based is scope 2's figure, else co2e. */
const TOTALS = `SELECT co.ref, co.id, co.name, count(c.rowid) AS emissions,
    coalesce(sum(c.co2e), 0) AS co2e,
    coalesce(sum(CASE WHEN k.scope = 2 THEN ${MARKET_FIGURE} ELSE c.co2e END), 0) AS market,
    count(c.rowid) - count(c.co2e) AS awaiting
  FROM companies co
  LEFT JOIN consumptions c ON c.company_ref = co.ref
  LEFT JOIN categories k ON k.ref = c.category_ref
  GROUP BY co.ref ORDER BY co.name, co.id`;

/** Stores the policy the change asks for and recalculates every emission under it. */
export function changePolicy(parts: PolicyParts, change: PolicyChange): PolicyChangeResult {
  const { db, calculator } = parts;
  const before = readPolicy(db);
  const after: CalculationPolicy = {
    gwpSet: change.gwpSet ?? before.gwpSet,
    proxies: change.proxies ?? before.proxies,
  };
  const totalsBefore = db.prepare<[], Totals>(TOTALS).all();
  const values = calculator.index().gwpOf(after.gwpSet);
  const gwp = values === undefined ? null : { ch4: values.ch4, n2o: values.n2o };
  if (after.gwpSet === before.gwpSet && after.proxies === before.proxies) {
    const companies = totalsBefore.map((t) => companyChange(t, t, 0));
    return { before, after, dryRun: change.dryRun, recalculated: 0, gwp, companies };
  }
  db.exec(`DROP TABLE IF EXISTS temp.policy_before;
    CREATE TEMP TABLE policy_before AS SELECT rowid AS id, company_ref, co2e, co2e_market
      FROM consumptions;`);
  try {
    writePolicy(db, after);
    calculator.invalidate();
    let recalculated = 0;
    for (const { ref } of totalsBefore) {
      recalculated += recalculateEmissions(db, parts.catalog, calculator, { companyRef: ref });
    }
    const changed = new Map(
      db
        .prepare<[], { ref: number; changed: number }>(
          `SELECT b.company_ref AS ref, count(*) AS changed FROM temp.policy_before b
             JOIN consumptions c ON c.rowid = b.id
            WHERE c.co2e IS NOT b.co2e OR c.co2e_market IS NOT b.co2e_market
            GROUP BY b.company_ref`,
        )
        .all()
        .map((row) => [row.ref, row.changed]),
    );
    const totalsAfter = new Map(
      db
        .prepare<[], Totals>(TOTALS)
        .all()
        .map((t) => [t.ref, t]),
    );
    const companies = totalsBefore.map((t) =>
      companyChange(t, totalsAfter.get(t.ref) ?? t, changed.get(t.ref) ?? 0),
    );
    return { before, after, dryRun: change.dryRun, recalculated, gwp, companies };
  } finally {
    db.exec("DROP TABLE IF EXISTS temp.policy_before");
  }
}

function companyChange(before: Totals, after: Totals, changed: number): PolicyCompanyChange {
  return {
    companyId: before.id,
    companyName: before.name,
    emissions: before.emissions,
    changed,
    co2eBefore: before.co2e,
    co2eAfter: after.co2e,
    co2eMarketBasedBefore: before.market,
    co2eMarketBasedAfter: after.market,
    awaitingFactorBefore: before.awaiting,
    awaitingFactorAfter: after.awaiting,
  };
}
