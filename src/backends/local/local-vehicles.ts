/** The vehicles part of the local engine: the rules (src/rules/vehicles.ts) in the store's transactions. */
import type { VehiclesPort } from "../../core/ports/vehicles.js";
import type { StoreTransactions } from "../../rules/store.js";
import { getVehicle, listVehicles, upsertVehicle, writeVehicles } from "../../rules/vehicles.js";

export function localVehicles(rules: StoreTransactions): VehiclesPort {
  return {
    list: (query) => rules.read((t) => listVehicles(t, query)),
    get: (id) => rules.read((t) => getVehicle(t, id)),
    upsert: (input) => rules.write((t) => upsertVehicle(t, input)),
    /** One transaction: every row is tried, then all are kept, or none (a refusal, a dry run). */
    write: (inputs, options) => rules.write((t) => writeVehicles(t, inputs, options)),
  };
}
