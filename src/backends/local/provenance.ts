import type { EmissionValues } from "../../engine/emission.js";
import type { Db } from "./database.js";

/** The provenance columns, in the order `refOf` binds them (migration 40 made them so). */
const COLUMNS = [
  "factor_id",
  "factor_source",
  "factor_year",
  "factor_unit",
  "factor_value",
  "resolution",
  "gwp_set",
  "geography",
  "market_factor_id",
  "market_basis",
  "market_resolution",
  "market_geography",
  "market_factor_year",
  "market_gwp_set",
] as const;

/**
 * `emission_provenance`: what many emissions share (the factors of each basis and how they were
 * found), stored once and referenced by `consumptions.provenance_ref`. Rows are
 * content-addressed by a signature, so the same provenance always gets the same ref; they are
 * never updated. A location basis awaiting its factor has null location columns.
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
      `INSERT INTO emission_provenance (signature, ${COLUMNS.join(", ")})
       VALUES (?, ${COLUMNS.map(() => "?").join(", ")})`,
    );
  }

  /** The ref of an emission's provenance (written if new); null when neither basis has a factor. */
  refOf(values: EmissionValues): number | null {
    const location = values.status === "calculated";
    const market = values.marketStatus === "calculated";
    if (!location && !market) return null;
    const row = [
      location ? values.factorId : null,
      location ? values.factorSource : null,
      location ? values.factorYear : null,
      location ? values.factorUnit : null,
      location ? values.factorValue : null,
      location ? values.resolution : null,
      location ? values.gwpSet : null,
      location ? values.geography : null,
      market ? values.marketFactorId : null,
      market ? values.marketBasis : null,
      market ? values.marketResolution : null,
      market ? values.marketGeography : null,
      market ? values.marketFactorYear : null,
      market ? values.marketGwpSet : null,
    ];
    const signature = JSON.stringify(row);
    const known = this.#refs.get(signature);
    if (known !== undefined) return known;
    let ref = this.#find.get(signature);
    if (ref === undefined) ref = Number(this.#insert.run(signature, ...row).lastInsertRowid);
    this.#refs.set(signature, ref);
    return ref;
  }

  /** After a rollback the refs written in it are gone: forget everything, re-read on demand. */
  forget(): void {
    this.#refs.clear();
  }
}
