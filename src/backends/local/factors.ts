import { usageError, validationError } from "../../core/errors.js";
import { countrySchema, type Page } from "../../core/model/common.js";
import type { EmissionFactor, FactorResolution } from "../../core/model/factor.js";
import type { FactorChange, FactorRelease } from "../../core/model/factor-release.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import type { FactorQuery, ResolveFactorQuery } from "../../core/ports/factors.js";
import { FACTOR_COLUMNS, type FactorRow, factorFromRow } from "../../shipped/factor-rows.js";
import type { CategoryCatalog } from "../../store/sqlite/categories.js";
import type { CompanyRepository } from "../../store/sqlite/companies.js";
import type { Db } from "../../store/sqlite/database.js";
import type { Keyset, SqlValue } from "../../store/sqlite/keyset.js";
import { LibraryStore } from "../../store/sqlite/library-store.js";
import type { EmissionCalculator } from "./emission-calculator.js";
import { diffReleases, listReleases } from "./factor-releases.js";

/** Key, country (global rows first), year, library order, then id (index emission_factors_in_order). */
const ORDER_TERMS = ["key", "ifnull(country, '')", "year", "priority", "id"];

/** The clauses of a query's key and country filters, and their parameters. */
function filterOf(query: Omit<FactorQuery, "page" | "limit">): {
  where: string[];
  params: SqlValue[];
} {
  // The current release's rows (library-store.ts keeps the earlier ones too).
  const where: string[] = ["last_release IS NULL"];
  const params: SqlValue[] = [];
  if (query.key !== undefined) {
    where.push("key = ?");
    params.push(query.key.trim());
  }
  if (query.country !== undefined) {
    where.push("country = ?");
    params.push(query.country.trim().toUpperCase());
  }
  return { where, params };
}

/** The default library (read-only at run time) and factor resolution. */
export class FactorQueries {
  readonly #db: Db;
  readonly #catalog: CategoryCatalog;
  readonly #companies: CompanyRepository;
  readonly #calculator: EmissionCalculator;

  constructor(
    db: Db,
    catalog: CategoryCatalog,
    companies: CompanyRepository,
    calculator: EmissionCalculator,
  ) {
    this.#db = db;
    this.#catalog = catalog;
    this.#companies = companies;
    this.#calculator = calculator;
  }

  /** Ordered by key, country (global rows first), year, then library order. */
  list(query: FactorQuery): Page<EmissionFactor> {
    const window = pageWindow(query);
    const { where: clauses, params } = filterOf(query);
    const where = `WHERE ${clauses.join(" AND ")}`;
    const rows = this.#db
      .prepare<unknown[], FactorRow>(
        `SELECT ${FACTOR_COLUMNS} FROM emission_factors ${where}
         ORDER BY ${ORDER_TERMS.join(", ")} LIMIT ? OFFSET ?`,
      )
      .all(...params, window.limit, window.offset);
    const total = this.#db
      .prepare<unknown[], number>(`SELECT count(*) FROM emission_factors ${where}`)
      .pluck()
      .get(...params);
    return pageOf(rows.map(factorFromRow), window, total ?? 0);
  }

  /** What `list` pages, for keyset pages. */
  keyset(query: Omit<FactorQuery, "page" | "limit">): Keyset<FactorRow, EmissionFactor> {
    return {
      select: `SELECT ${FACTOR_COLUMNS} FROM emission_factors`,
      ...filterOf(query),
      order: ORDER_TERMS,
      key: (row) => [row.key, row.country ?? "", row.year, row.priority, row.id],
      decode: factorFromRow,
    };
  }

  releases(): FactorRelease[] {
    return listReleases(new LibraryStore(this.#db));
  }

  diff(from: string, to: string): FactorChange[] {
    return diffReleases(new LibraryStore(this.#db), from, to);
  }

  /**
   * The factors a consumption of `category` in `country` and `year` would use, in the category's
   * default unit; with a company, its custom factors take part.
   */
  resolve(query: ResolveFactorQuery): FactorResolution {
    const category = this.#catalog.find(query.category);
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
        throw usageError(
          `country must be an ISO 3166 code such as ES or GB, got "${query.country}"`,
        );
      }
      country = parsed.data;
    }
    const companyRef =
      query.companyId === undefined ? null : this.#companies.get(query.companyId).ref;
    const unit = category.defaultUnit ?? "";
    return this.#calculator.resolve(category, country, query.year, unit, companyRef, query.proxies);
  }
}
