/** The factors part of the port: the shipped library and how a factor is resolved. */

import type {
  CalculationPolicy,
  PolicyChange,
  PolicyChangeResult,
} from "../model/calculation-policy.js";
import type { Page, PageQuery } from "../model/common.js";
import type { EmissionFactor, FactorResolution, ProxyPolicy } from "../model/factor.js";
import type { FactorChange, FactorRelease } from "../model/factor-release.js";

export interface FactorQuery extends PageQuery {
  readonly key?: string;
  readonly country?: string;
}

export interface ResolveFactorQuery {
  /** Subcategory code or UUID. */
  readonly category: string;
  readonly country: string | null;
  readonly year: number;
  readonly companyId?: string;
  /** Resolve as under this proxy policy instead of the database's (`--no-proxy`: refuse). */
  readonly proxies?: ProxyPolicy;
}

export interface FactorsPort {
  /** The shipped library, by key, country (global rows first), year, then library order. */
  list(query: FactorQuery): Promise<Page<EmissionFactor>>;
  /** The factor a consumption of this category, country and year would use (the company's own first). */
  resolve(query: ResolveFactorQuery): Promise<FactorResolution>;
  /** The database's GWP set and proxy policy. */
  policy(): Promise<CalculationPolicy>;
  /** Changes them and recalculates every emission, in one transaction (or none, dry run). */
  changePolicy(change: PolicyChange): Promise<PolicyChangeResult>;
  /** The library releases loaded, oldest first (docs/factor-library.md, "Library releases"). */
  releases(): Promise<FactorRelease[]>;
  /**
   * The factors added, changed and removed from release `from` to release `to` (versions or
   * names), in (key, country, year, unit, scope) order; an unknown release is not_found.
   */
  diff(query: { readonly from: string; readonly to: string }): Promise<FactorChange[]>;
}
