import type { Calculation } from "../../engine/emission-lines.js";
import { calculationContent } from "../calculation-signature.js";
import type { CategoryCatalog } from "./categories.js";
import type { Db } from "./database.js";
import { lazy } from "./lazy.js";

/**
 * Calculation records (`emission_provenance`, lines-schema.ts): what many consumptions share —
 * every line's factor, how it was found and what one unit of quantity gives on it, and the
 * library version — stored once and referenced by `consumptions.provenance_ref`. Rows are
 * content-addressed by a digest of the record (calculation-signature.ts), so the same
 * calculation always gets the same ref; they are never updated.
 */
export class CalculationStore {
  readonly #catalog: CategoryCatalog;
  readonly #refs = new Map<string, number>();
  readonly #find;
  readonly #insert;
  readonly #insertLine;

  constructor(db: Db, catalog: CategoryCatalog) {
    this.#catalog = catalog;
    this.#find = lazy(() =>
      db
        .prepare<[string], number>("SELECT ref FROM emission_provenance WHERE signature = ?")
        .pluck(),
    );
    // The columns older rows describe their one line with are NOT NULL: '' says "see lines".
    this.#insert = lazy(() =>
      db.prepare<[string, string, string]>(
        `INSERT INTO emission_provenance (signature, factor_id, factor_source, factor_year,
         factor_unit, factor_value, resolution, gwp_set, market_factor_id, market_basis,
         library_version, lines)
       VALUES (?, '', '', NULL, '', '', '', '', NULL, NULL, ?, ?)`,
      ),
    );
    this.#insertLine = lazy(() =>
      db.prepare<[number, number, string, number | null, number | null]>(
        "INSERT INTO emission_lines (calculation_ref, line, kind, category_ref, year) VALUES (?, ?, ?, ?, ?)",
      ),
    );
  }

  /** The ref of a calculation, written with its lines if new. */
  refOf(calculation: Calculation): number {
    const { signature, lines } = calculationContent(calculation);
    const known = this.#refs.get(signature);
    if (known !== undefined) return known;
    let ref = this.#find().get(signature);
    if (ref === undefined) {
      ref = Number(
        this.#insert().run(signature, calculation.libraryVersion, lines).lastInsertRowid,
      );
      calculation.lines.forEach((line, index) => {
        const category = line.category === null ? undefined : this.#catalog.find(line.category);
        if (line.category !== null && category === undefined) {
          throw new Error(`calculation line of unknown category ${line.category}`);
        }
        this.#insertLine().run(ref ?? 0, index, line.kind, category?.ref ?? null, line.year);
      });
    }
    this.#refs.set(signature, ref);
    return ref;
  }

  /** After a rollback the refs written in it are gone: forget everything, re-read on demand. */
  forget(): void {
    this.#refs.clear();
  }
}
