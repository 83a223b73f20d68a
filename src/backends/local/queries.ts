/**
 * Reads of consumptions and emissions bound to one connection, for the driver's synchronous code
 * (streams and exports, deletions, the overlap check, the consumption upsert's answer): the
 * store's statements (src/store/sqlite/consumption-reads.ts) and the rules' decoding
 * (src/rules/consumption-rows.ts). Pages and records by id go through the Store port
 * (src/rules/consumption-reads.ts).
 */
import type { Consumption } from "../../core/model/consumption.js";
import type { Emission } from "../../core/model/emission.js";
import type { EmissionFilter } from "../../core/ports/emissions.js";
import type { ConsumptionSummaryRow } from "../../engine/summary.js";
import { lineFilterOf, rowFilterOf } from "../../rules/consumption-filters.js";
import { foundConsumption, foundEmission } from "../../rules/consumption-reads.js";
import { RowDecoder } from "../../rules/consumption-rows.js";
import type { ConsumptionRowFilter } from "../../rules/store.js";
import { BuildingRepository } from "../../store/sqlite/buildings.js";
import type { CategoryCatalog } from "../../store/sqlite/categories.js";
import { CompanyRepository } from "../../store/sqlite/companies.js";
import {
  ConsumptionReadRepository,
  type RowTuple,
  whereOf,
} from "../../store/sqlite/consumption-reads.js";
import type { Db } from "../../store/sqlite/database.js";
import type { Keyset } from "../../store/sqlite/keyset.js";
import { RefCache } from "./ref-cache.js";

export class ConsumptionQueries {
  readonly #reads: ConsumptionReadRepository;
  readonly #refs: RefCache;
  readonly #companies: CompanyRepository;
  readonly #buildings: BuildingRepository;
  readonly #catalog: CategoryCatalog;
  /** Reads the maps live: one decoder serves every page of a stream. */
  readonly #decode: RowDecoder;

  constructor(
    reads: ConsumptionReadRepository,
    refs: RefCache,
    companies: CompanyRepository,
    buildings: BuildingRepository,
    catalog: CategoryCatalog,
  ) {
    this.#reads = reads;
    this.#refs = refs;
    this.#companies = companies;
    this.#buildings = buildings;
    this.#catalog = catalog;
    this.#decode = new RowDecoder(refs, refs);
  }

  /** A filter in the store's keys: its company and building found (or not_found), then checked. */
  #filter(filter: EmissionFilter, lines = false): ConsumptionRowFilter {
    const company =
      filter.companyId === undefined ? undefined : this.#companies.get(filter.companyId);
    const building =
      filter.buildingId === undefined ? undefined : this.#buildings.get(filter.buildingId);
    const names = {
      ...(company === undefined ? {} : { company }),
      ...(building === undefined ? {} : { building }),
    };
    return rowFilterOf(filter, names, this.#catalog, lines);
  }

  findConsumption(id: string): Consumption | undefined {
    this.#refs.ensure();
    const row = this.#reads.find(id.toLowerCase());
    return row === undefined ? undefined : this.#decode.consumption(row);
  }

  /** The consumption at a rowid (what an overlap index keeps instead of its id). */
  consumptionAt(rowid: number): Consumption | undefined {
    this.#refs.ensure();
    const row = this.#reads.at(rowid);
    return row === undefined ? undefined : this.#decode.consumption(row);
  }

  getConsumption(id: string): Consumption {
    return foundConsumption(id, this.findConsumption(id));
  }

  /** A consumption's first emission line: its direct line (of its first year when split). */
  emissionOf(consumptionId: string): Emission {
    this.#refs.ensure();
    const row = this.#reads.find(consumptionId.toLowerCase());
    return foundEmission(consumptionId, row === undefined ? undefined : this.#decode.emission(row));
  }

  /**
   * What the consumptions list pages, as keysets merged in list order: one per company (each
   * read on consumptions_by_company), or the one company the filter pins.
   */
  consumptionKeysets(filter: EmissionFilter): Keyset<RowTuple, Consumption>[] {
    const where = whereOf(this.#filter(filter));
    return this.#reads.keysets(where, (row) => this.#decode.consumption(row));
  }

  /** What the emissions list pages, the same way: each row read gives its consumption's lines. */
  emissionKeysets(filter: EmissionFilter): Keyset<RowTuple, readonly Emission[]>[] {
    const where = whereOf(this.#filter(filter, true));
    const lines = lineFilterOf(filter, this.#catalog);
    return this.#reads.keysets(where, (row) => this.#decode.lines(row, lines));
  }

  /**
   * Every matching emission line in list order, one consumption row at a time
   * (`Statement.iterate`). While it is open the connection runs no other statement: consume it,
   * then use the service.
   */
  *iterateEmissions(filter: EmissionFilter): Generator<Emission, void, undefined> {
    const rows = this.#filter(filter, true);
    const lines = lineFilterOf(filter, this.#catalog);
    const decode = this.#decode;
    for (const row of this.#reads.iterate(rows)) yield* decode.lines(row, lines);
  }

  /**
   * What the consumption dashboard adds up, in no particular order; the filter is checked when
   * the loop starts, and each row comes straight from the store's generator.
   */
  iterateConsumptionRows(filter: EmissionFilter): Iterable<ConsumptionSummaryRow> {
    return { [Symbol.iterator]: () => this.#reads.summaryRows(this.#filter(filter)) };
  }
}

export interface BoundQueries {
  readonly queries: ConsumptionQueries;
  readonly refs: RefCache;
  readonly companies: CompanyRepository;
  readonly buildings: BuildingRepository;
  /** The Store port's reads of consumptions on this connection (the same maps as `refs`). */
  readonly reads: ConsumptionReadRepository;
}

/** Reads bound to one connection, with caches of their own. */
export function queriesOn(db: Db, catalog: CategoryCatalog): BoundQueries {
  const companies = new CompanyRepository(db);
  const buildings = new BuildingRepository(db, companies);
  const refs = new RefCache(db, catalog);
  const reads = new ConsumptionReadRepository(db, companies, refs);
  const queries = new ConsumptionQueries(reads, refs, companies, buildings, catalog);
  return { queries, refs, companies, buildings, reads };
}
