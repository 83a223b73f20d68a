/** The suppliers part of the local engine: the rules (src/rules/suppliers.ts) in its transactions. */
import type { SuppliersPort } from "../../core/ports/suppliers.js";
import type { StoreTransactions } from "../../rules/store.js";
import {
  getSupplier,
  listSuppliers,
  upsertSupplier,
  writeSuppliers,
} from "../../rules/suppliers.js";

export function localSuppliers(rules: StoreTransactions): SuppliersPort {
  return {
    list: (query) => rules.read((t) => listSuppliers(t, query)),
    get: (id) => rules.read((t) => getSupplier(t, id)),
    // A dry run checks in a write transaction all the same: an import session refuses it alike.
    upsert: (input, options) => rules.write((t) => upsertSupplier(t, input, options)),
    write: (inputs, options) => rules.write((t) => writeSuppliers(t, inputs, options)),
  };
}
