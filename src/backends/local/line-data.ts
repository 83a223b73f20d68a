import {
  DERIVED_LINES_FILE,
  type DerivationRules,
  derivationRules,
  parseDerivationRules,
  WTT_LINES_FILE,
} from "../../engine/derived-lines.js";
import type { DerivedSpec } from "../../engine/emission-lines.js";
import { type LossFraction, resolveLossFraction } from "../../engine/loss-fractions.js";
import { readFixture } from "../../shipped/fixture-files.js";
import type { CategoryCatalog, StoredCategory } from "../../store/sqlite/categories.js";
import type { Db } from "../../store/sqlite/database.js";

/**
 * The derivation rules shipped with the tool, read once: fixtures/factors/derived-lines.csv (made
 * by hand), then wtt-lines.csv (the fuels' well-to-tank, generated from the library).
 */
let shippedRules: DerivationRules | undefined;

export function shippedDerivationRules(): DerivationRules {
  shippedRules ??= derivationRules(
    [DERIVED_LINES_FILE, WTT_LINES_FILE].flatMap(
      (file) => parseDerivationRules(readFixture(file), file).all,
    ),
  );
  return shippedRules;
}

/**
 * What lines need besides resolutions, read once per connection: which lines each subcategory
 * derives (with the subcategories that price them), the grid loss fractions, and the biogenic
 * CO2 of library factors. None of it changes at run time.
 */
export class LineData {
  readonly #db: Db;
  readonly #catalog: CategoryCatalog;
  readonly #derived = new Map<number, readonly DerivedSpec<StoredCategory>[]>();
  #fractions: readonly LossFraction[] | undefined;
  /** Per release ref (0: the current release), the factors' biogenic CO2 by id. */
  readonly #biogenic = new Map<number, ReadonlyMap<string, number>>();

  constructor(db: Db, catalog: CategoryCatalog) {
    this.#db = db;
    this.#catalog = catalog;
  }

  /** The lines a consumption of this subcategory derives, in rule order. */
  derivedOf(category: StoredCategory): readonly DerivedSpec<StoredCategory>[] {
    let specs = this.#derived.get(category.ref);
    if (specs === undefined) {
      specs = shippedDerivationRules()
        .of(category.code)
        .map((rule) => {
          const derived = this.#catalog.find(rule.derivedCategory);
          if (derived === undefined || derived.level !== "subcategory" || derived.scope !== 3) {
            throw new Error(
              `derivation rules: ${rule.derivedCategory} is not a scope 3 subcategory of the database`,
            );
          }
          return { rule, category: derived };
        });
      this.#derived.set(category.ref, specs);
    }
    return specs;
  }

  lossFraction(key: string, country: string | null, year: number): LossFraction | undefined {
    this.#fractions ??= this.#db
      .prepare<[], LossFraction>(
        `SELECT key, country, year, value, source, source_ref AS sourceRef
           FROM grid_loss_fractions ORDER BY key, country, year`,
      )
      .all();
    return resolveLossFraction(this.#fractions, key, country, year);
  }

  /**
   * The biogenic CO2 of a library factor in the current release, or in `releaseRef` (a pinned
   * recalculation): the table keeps every release's version of a factor, and a release may give
   * one where an older gave none.
   */
  biogenicOf(factorId: string, releaseRef?: number): number | null {
    let figures = this.#biogenic.get(releaseRef ?? 0);
    if (figures === undefined) {
      const rows =
        releaseRef === undefined
          ? this.#db
              .prepare<[], { id: string; biogenic_co2: number }>(
                `SELECT id, biogenic_co2 FROM emission_factors
                  WHERE biogenic_co2 IS NOT NULL AND last_release IS NULL`,
              )
              .all()
          : this.#db
              .prepare<[number, number], { id: string; biogenic_co2: number }>(
                `SELECT id, biogenic_co2 FROM emission_factors
                  WHERE biogenic_co2 IS NOT NULL AND first_release <= ?
                    AND (last_release IS NULL OR last_release >= ?)`,
              )
              .all(releaseRef, releaseRef);
      figures = new Map(rows.map((row) => [row.id, row.biogenic_co2]));
      this.#biogenic.set(releaseRef ?? 0, figures);
    }
    return figures.get(factorId) ?? null;
  }
}
