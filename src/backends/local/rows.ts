import { uuidV5 } from "../../core/ids.js";
import type { Consumption } from "../../core/model/consumption.js";
import type { Emission } from "../../core/model/emission.js";
import type { CategoryCatalog } from "./categories.js";
import { MARKET_FIGURE } from "./certificate-cover.js";
import type { RefCache } from "./ref-cache.js";
import { StoredDates } from "./stored-dates.js";

/**
 * The columns every read takes from `consumptions c`, in the order of RowTuple. Refs are turned
 * into ids in memory (RefCache, CategoryCatalog): no joins, no repeated strings. The market-based
 * figure leaves out the share of kWh that certificates cover (certificate-cover.ts).
 */
export const ROW_COLUMNS = `c.id, c.entity_id, c.company_ref, c.building_ref, c.category_ref,
  c.start_date, c.end_date, c.quantity, c.unit, c.created_at, c.updated_at, c.co2e, c.co2, c.ch4,
  c.n2o, ${MARKET_FIGURE}, c.converted_quantity, c.provenance_ref, c.rowid, c.input_ref,
  c.kwh_per_m3`;

export type RowTuple = [
  id: string,
  entityId: string,
  companyRef: number,
  buildingRef: number,
  categoryRef: number,
  /** Integer milliseconds (stored-dates.ts). */
  startDate: number,
  endDate: number,
  quantity: number,
  unit: string,
  createdAt: number,
  updatedAt: number,
  co2e: number | null,
  co2: number | null,
  ch4: number | null,
  n2o: number | null,
  co2eMarket: number | null,
  convertedQuantity: number | null,
  provenanceRef: number | null,
  /** The row's place in the table: the tie-break of the list order (start date, then rowid). */
  rowid: number,
  /** The custom input the consumption names, if any. */
  inputRef: number | null,
  /** The bill's kWh per m3, if it gave one. */
  kwhPerM3: number | null,
];

/** The emission's id: derived from its consumption's, so it is never stored. */
export function emissionIdOf(consumptionId: string): string {
  return uuidV5(`emission:${consumptionId}`);
}

export class RowDecoder {
  readonly #catalog: CategoryCatalog;
  readonly #refs: RefCache;
  readonly #dates = new StoredDates();

  constructor(catalog: CategoryCatalog, refs: RefCache) {
    this.#catalog = catalog;
    this.#refs = refs;
  }

  #categoryOf(ref: number) {
    const category = this.#catalog.byRef(ref);
    if (category === undefined) throw new Error(`category ref ${ref} is not in the catalog`);
    return category;
  }

  consumption(row: RowTuple): Consumption {
    const consumption: Consumption = {
      id: row[0],
      entityId: row[1],
      categoryId: this.#categoryOf(row[4]).id,
      startDate: this.#dates.iso(row[5]),
      endDate: this.#dates.iso(row[6]),
      companyId: this.#refs.companyId(row[2]),
      buildingId: this.#refs.building(row[3]).id,
      quantity: row[7],
      unitType: row[8],
      createdAt: new Date(row[9]).toISOString(),
      updatedAt: new Date(row[10]).toISOString(),
    };
    const billed = row[20] === null ? consumption : { ...consumption, kwhPerM3: row[20] };
    if (row[19] === null) return billed;
    const input = this.#refs.input(row[19]);
    // The field that names it: a provider or heat input is the `provider`, a fuel the `fuelType`.
    const field = input.type === "fuel" ? "fuelType" : "provider";
    return { ...billed, [field]: input.id };
  }

  /** The id (a SHA-1) is worked out only when read: summaries never need it. */
  emission(row: RowTuple): Emission {
    const consumptionId = row[0];
    const provenance = this.#refs.provenance(row[17]);
    const scope = this.#categoryOf(row[4]).scope;
    return {
      get id() {
        return emissionIdOf(consumptionId);
      },
      consumptionId,
      companyId: this.#refs.companyId(row[2]),
      buildingId: this.#refs.building(row[3]).id,
      categoryId: this.#categoryOf(row[4]).id,
      scope,
      startDate: this.#dates.iso(row[5]),
      endDate: this.#dates.iso(row[6]),
      co2e: row[11],
      co2: row[12],
      ch4: row[13],
      n2o: row[14],
      co2eMarketBased: row[15],
      factorId: provenance?.factorId ?? null,
      factorSource: provenance?.factorSource ?? null,
      factorYear: provenance?.factorYear ?? null,
      // co2e is null exactly when the location basis awaits a factor.
      status: row[11] === null ? "awaiting_factor" : "calculated",
      quantity: row[7],
      unit: row[8],
      convertedQuantity: row[16],
      factorUnit: provenance?.factorUnit ?? null,
      factorValue: provenance?.factorValue ?? null,
      resolution: provenance?.resolution ?? null,
      gwpSet: provenance?.gwpSet ?? null,
      geography: provenance?.geography ?? null,
      marketStatus: scope !== 2 ? null : row[15] === null ? "awaiting_factor" : "calculated",
      marketFactorId: provenance?.marketFactorId ?? null,
      marketBasis: provenance?.marketBasis ?? null,
      marketResolution: provenance?.marketResolution ?? null,
      marketGeography: provenance?.marketGeography ?? null,
      marketFactorYear: provenance?.marketFactorYear ?? null,
      marketGwpSet: provenance?.marketGwpSet ?? null,
    };
  }
}
