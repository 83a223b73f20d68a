import type { RecalculationReport } from "../core/model/recalculation.js";
import type { Awaitable, RecalculationScope, StoreTransaction } from "./store.js";

/** Which of a company's stored emissions a run recalculates; absent fields: all of them. */
export type EmissionScope = Pick<RecalculationScope, "companyRef" | "categoryRefs" | "periods">;

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
    tx: StoreTransaction,
    request: RecalculationRunRequest,
    change: () => Promise<void>,
    scopeOf?: (companyRef: number) => EmissionScope | undefined,
  ): Awaitable<RecalculationReport>;
}
