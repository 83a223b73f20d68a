/**
 * What the rules that move stored emissions (a custom factor, the calculation policy) ask of the
 * driver's recalculation, which is not on the Store port yet: the run `emissions recalculate`
 * makes, around the rule's own change, in the rule's transaction.
 */
import type { Validity } from "../core/model/factor.js";
import type { RecalculationReport } from "../core/model/recalculation.js";
import type { Awaitable } from "./store.js";

/** Which of a company's stored emissions to recalculate; absent fields: all of them. */
export interface EmissionScope {
  readonly companyRef: number;
  /** The consumptions of these subcategories (the store's keys). */
  readonly categoryRefs?: readonly number[];
  /** The consumptions with a day in one of these. */
  readonly periods?: readonly Validity[];
}

/** A run's companies and whether it stores its figures. */
export interface RecalculationRunRequest {
  /** Work the change out, report it, store nothing (the caller rolls the transaction back). */
  readonly dryRun: boolean;
  /** These companies (an unknown one is not_found); absent: every company. */
  readonly companyIds?: readonly string[];
}

export interface RecalculationDriver {
  /**
   * Takes each company's summary (by scope and category), runs `change`, recalculates what
   * `scopeOf` names of each company (every emission without it; nothing when it answers
   * undefined), takes the summaries again and reports the difference as `emissions recalculate`
   * does; audited per company when stored.
   */
  run(
    request: RecalculationRunRequest,
    change: () => Promise<void>,
    scopeOf?: (companyRef: number) => EmissionScope | undefined,
  ): Awaitable<RecalculationReport>;
}
