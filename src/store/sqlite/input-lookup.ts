/**
 * The custom inputs a batch of consumptions may name (`provider`, `fuelType`), read once per
 * company and batch, with the category and basis of each input's custom factor.
 */

import type { InputsOf, NamedInput } from "../../rules/store.js";
import type { Db } from "./database.js";
import { lazy } from "./lazy.js";

interface Row {
  ref: number;
  id: string;
  type: string;
  unit: string;
  factor_id: string | null;
  factor_category_ref: number | null;
}

export class InputLookup {
  readonly #ofCompany;

  constructor(db: Db) {
    this.#ofCompany = lazy(() =>
      db.prepare<[number], Row>(
        `SELECT i.ref, i.id, i.type, i.unit, f.id AS factor_id, f.category_ref AS factor_category_ref
         FROM custom_inputs i
         LEFT JOIN custom_factors f ON f.id = i.custom_factor_id AND f.company_ref = i.company_ref
        WHERE i.company_ref = ?`,
      ),
    );
  }

  /** A memo for one batch: each company's inputs, queried on first need. */
  batch(): InputsOf {
    const inputs = new Map<number, Map<string, NamedInput>>();
    return (companyRef) => {
      let ofCompany = inputs.get(companyRef);
      if (ofCompany === undefined) {
        ofCompany = new Map();
        for (const row of this.#ofCompany().all(companyRef)) {
          ofCompany.set(row.id.toLowerCase(), {
            ref: row.ref,
            id: row.id,
            type: row.type,
            unit: row.unit,
            factorId: row.factor_id,
            factorCategoryRef: row.factor_category_ref,
          });
        }
        inputs.set(companyRef, ofCompany);
      }
      return ofCompany;
    };
  }
}
