import type { EmissionFactor, FactorResolution } from "../../core/model/factor.js";
import type { FactorQuery } from "../../core/ports/factors.js";
import type { EmissionCalculator } from "../../rules/emission-calculator.js";
import type { CheckedResolution, FactorResolver } from "../../rules/factors.js";
import type { FactorRow } from "../../shipped/factor-rows.js";
import type { CategoryCatalog } from "../../store/sqlite/categories.js";
import type { CompanyRepository } from "../../store/sqlite/companies.js";
import type { Db } from "../../store/sqlite/database.js";
import { FactorRepository } from "../../store/sqlite/factors.js";
import type { Keyset } from "../../store/sqlite/keyset.js";

/**
 * The factor library as the driver reads it beside the rules: keyset pages of the store's rows
 * (src/store/sqlite/factors.ts) for streams, and the calculator's resolution of a query the
 * rules have checked (src/rules/factors.ts).
 */
export class FactorQueries implements FactorResolver {
  readonly #library: FactorRepository;
  readonly #catalog: CategoryCatalog;
  readonly #companies: CompanyRepository;
  readonly #calculator: EmissionCalculator;

  constructor(
    db: Db,
    catalog: CategoryCatalog,
    companies: CompanyRepository,
    calculator: EmissionCalculator,
  ) {
    this.#library = new FactorRepository(db);
    this.#catalog = catalog;
    this.#companies = companies;
    this.#calculator = calculator;
  }

  /** What the factor list pages, for keyset pages. */
  keyset(query: Omit<FactorQuery, "page" | "limit">): Keyset<FactorRow, EmissionFactor> {
    return this.#library.keyset(query);
  }

  /** The subcategory and the company named by their ids, as the calculator takes them. */
  resolve(query: CheckedResolution): FactorResolution {
    const category = this.#catalog.find(query.categoryId);
    if (category === undefined) throw new Error(`category ${query.categoryId} is not in the tree`);
    const companyRef =
      query.companyId === undefined ? null : this.#companies.get(query.companyId).ref;
    return this.#calculator.resolve(
      category,
      query.country,
      query.year,
      query.unit,
      companyRef,
      query.proxies,
    );
  }
}
