import type { EmissionValues } from "../../engine/emission.js";
import type { Db } from "./database.js";

/**
 * `emission_provenance`: what many emissions share (the factor and how it was found), stored
 * once and referenced by `consumptions.provenance_ref`. Rows are content-addressed by a
 * signature, so the same provenance always gets the same ref; they are never updated.
 */
export class ProvenanceStore {
  readonly #refs = new Map<string, number>();
  readonly #find;
  readonly #insert;

  constructor(db: Db) {
    this.#find = db
      .prepare<[string], number>("SELECT ref FROM emission_provenance WHERE signature = ?")
      .pluck();
    this.#insert = db.prepare(
      `INSERT INTO emission_provenance (signature, factor_id, factor_source, factor_year, factor_unit,
         factor_value, resolution, gwp_set, market_factor_id, market_basis)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
  }

  /** The ref of a calculated emission's provenance (written if new); null when awaiting a factor. */
  refOf(values: EmissionValues): number | null {
    const {
      factorId,
      factorSource,
      factorYear,
      factorUnit,
      factorValue,
      resolution,
      gwpSet,
      marketFactorId,
      marketBasis,
    } = values;
    if (
      values.status !== "calculated" ||
      factorId === null ||
      factorSource === null ||
      factorUnit === null ||
      factorValue === null ||
      resolution === null ||
      gwpSet === null
    ) {
      return null;
    }
    const signature = JSON.stringify([
      factorId,
      factorSource,
      factorYear,
      factorUnit,
      factorValue,
      resolution,
      gwpSet,
      marketFactorId,
      marketBasis,
    ]);
    const known = this.#refs.get(signature);
    if (known !== undefined) return known;
    let ref = this.#find.get(signature);
    if (ref === undefined) {
      const result = this.#insert.run(
        signature,
        factorId,
        factorSource,
        factorYear,
        factorUnit,
        factorValue,
        resolution,
        gwpSet,
        marketFactorId,
        marketBasis,
      );
      ref = Number(result.lastInsertRowid);
    }
    this.#refs.set(signature, ref);
    return ref;
  }

  /** After a rollback the refs written in it are gone: forget everything, re-read on demand. */
  forget(): void {
    this.#refs.clear();
  }
}
