/**
 * The factor library: its rows listed, and the factors a consumption would use (`carbon factors
 * resolve`), once the query names a subcategory, a whole year and a country code.
 */
import { usageError, validationError } from "../core/errors.js";
import { countrySchema, type Page } from "../core/model/common.js";
import type { EmissionFactor, FactorResolution, ProxyPolicy } from "../core/model/factor.js";
import type { FactorQuery, ResolveFactorQuery } from "../core/ports/factors.js";
import { companyOf } from "./companies.js";
import type { Awaitable, StoreTransaction } from "./store.js";

/** A resolution the rules have checked. */
export interface CheckedResolution {
  /** A subcategory's id. */
  readonly categoryId: string;
  /** An ISO 3166 code, or null: none. */
  readonly country: string | null;
  readonly year: number;
  /** The unit the factors are stated in: the subcategory's default one. */
  readonly unit: string;
  /** The store's key of the company whose custom factors take part (found by the rules). */
  readonly companyRef?: number;
  readonly proxies?: ProxyPolicy;
}

/** The resolution itself, the driver's calculation (not on the port). */
export interface FactorResolver {
  resolve(query: CheckedResolution): Awaitable<FactorResolution>;
}

/** Ordered by key, country (global rows first), year, then library order. */
export async function listFactors(
  tx: StoreTransaction,
  query: FactorQuery,
): Promise<Page<EmissionFactor>> {
  return tx.factors.list(query);
}

/**
 * The factors a consumption of `category` in `country` and `year` would use, in the category's
 * default unit; with a company, its custom factors take part.
 */
export async function resolveFactor(
  tx: StoreTransaction,
  query: ResolveFactorQuery,
  resolver: FactorResolver,
): Promise<FactorResolution> {
  const category = await tx.categories.find(query.category);
  if (category === undefined || category.level !== "subcategory") {
    const message =
      category === undefined
        ? `unknown category "${query.category}"; see carbon categories list --level subcategory`
        : `category ${category.code} is a ${category.level}; factors are resolved for a subcategory`;
    throw validationError(message, [{ path: "category", message }]);
  }
  if (!Number.isInteger(query.year) || query.year < 1900 || query.year > 2200) {
    throw usageError(`year must be a whole year such as 2024, got ${query.year}`);
  }
  let country: string | null = null;
  if (query.country !== null && query.country.trim() !== "") {
    const parsed = countrySchema.safeParse(query.country);
    if (!parsed.success) {
      throw usageError(`country must be an ISO 3166 code such as ES or GB, got "${query.country}"`);
    }
    country = parsed.data;
  }
  // With a company (an unknown one is not_found), its custom factors take part.
  const company = query.companyId === undefined ? undefined : await companyOf(tx, query.companyId);
  await tx.pricing.ready(company === undefined ? [] : [company.ref]);
  return resolver.resolve({
    categoryId: category.id,
    country,
    year: query.year,
    unit: category.defaultUnit ?? "",
    ...(company === undefined ? {} : { companyRef: company.ref }),
    proxies: query.proxies,
  });
}
