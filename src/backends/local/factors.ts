import type { EmissionFactor, FactorResolution } from "../../core/model/factor.js";
import type { FactorQuery } from "../../core/ports/factors.js";
import type { EmissionCalculator } from "../../rules/emission-calculator.js";
import type { CheckedResolution, FactorResolver } from "../../rules/factors.js";
import type { CategoryLookup } from "../../rules/store.js";
import type { FactorRow } from "../../shipped/factor-rows.js";
import type { Db } from "../../store/sqlite/database.js";
import { FactorRepository } from "../../store/sqlite/factors.js";
import type { Keyset } from "../../store/sqlite/keyset.js";

/** The factor list as keyset pages of the SQLite store's rows (src/store/sqlite/factors.ts), for streams. */
export class FactorKeysets {
  readonly #library: FactorRepository;

  constructor(db: Db) {
    this.#library = new FactorRepository(db);
  }

  keyset(query: Omit<FactorQuery, "page" | "limit">): Keyset<FactorRow, EmissionFactor> {
    return this.#library.keyset(query);
  }
}

/** The calculator's resolution of a query the rules have checked (src/rules/factors.ts). */
export class CalculatorResolver implements FactorResolver {
  readonly #catalog: CategoryLookup;
  readonly #calculator: EmissionCalculator;

  constructor(catalog: CategoryLookup, calculator: EmissionCalculator) {
    this.#catalog = catalog;
    this.#calculator = calculator;
  }

  resolve(query: CheckedResolution): FactorResolution {
    const category = this.#catalog.byId(query.categoryId);
    if (category === undefined) throw new Error(`category ${query.categoryId} is not in the tree`);
    return this.#calculator.resolve(
      category,
      query.country,
      query.year,
      query.unit,
      query.companyRef ?? null,
      query.proxies,
    );
  }
}
