/**
 * Overlap detection against a server (src/engine/overlaps.ts): the stored consumptions of each
 * company and building the rows name are read once with the specification's listing
 * (`GET /consumptions?companyId=&buildingIds[]=`, every page), never one request per row, and the
 * rows are looked up in memory. A building the server does not know has nothing to overlap.
 */
import { isCarbonError } from "../../core/errors.js";
import { MAX_PAGE_LIMIT } from "../../core/model/common.js";
import type { ConsumptionInput } from "../../core/model/consumption.js";
import { type Consumption, consumptionAnswerSchema } from "../../core/model/consumption.js";
import { answerPageSchema } from "../../core/model/wire.js";
import type { ConsumptionOverlap } from "../../core/ports/consumptions.js";
import { dayOf, OverlapIndex } from "../../engine/overlaps.js";
import type { HttpClient } from "./client.js";
import { runLimited } from "./limiter.js";
import { allPages } from "./pages.js";
import { periodQuery } from "./period-query.js";

interface Stored {
  readonly index: OverlapIndex;
  readonly byId: Map<string, Consumption>;
}

const listing = answerPageSchema(consumptionAnswerSchema);

function pairOf(row: ConsumptionInput): string {
  return `${row.companyId.toLowerCase()}|${row.buildingId.toLowerCase()}`;
}

export class RemoteOverlaps {
  readonly #client: HttpClient;
  readonly #concurrency: number;
  readonly #stored = new Map<string, Stored>();
  /** Every row looked up: a stored record the import carries is imported again, not overlapped. */
  readonly #rowIds = new Set<string>();

  constructor(client: HttpClient, concurrency: number) {
    this.#client = client;
    this.#concurrency = concurrency;
  }

  async #load(companyId: string, buildingId: string): Promise<Stored> {
    const stored: Stored = { index: new OverlapIndex(), byId: new Map() };
    const pages = allPages(
      (window) =>
        this.#client.request("GET", "/consumptions", {
          query: { ...periodQuery({ companyId, buildingId }), ...window },
          schema: listing,
        }),
      MAX_PAGE_LIMIT,
    );
    try {
      for await (const page of pages) {
        for (const record of page) {
          const id = record.id.toLowerCase();
          stored.byId.set(id, record);
          const building = record.buildingId.toLowerCase();
          const category = record.categoryId.toLowerCase();
          const first = dayOf(record.startDate);
          stored.index.add(building, category, record.entityId, id, first, dayOf(record.endDate));
        }
      }
    } catch (error) {
      if (isCarbonError(error) && error.code === "not_found") return stored;
      throw error;
    }
    return stored;
  }

  /** Reads the listing of each company and building pair the rows name, once per pair. */
  async #loadPairs(rows: readonly ConsumptionInput[]): Promise<void> {
    const missing = new Map<string, ConsumptionInput>();
    for (const row of rows) {
      const pair = pairOf(row);
      if (!this.#stored.has(pair)) missing.set(pair, row);
    }
    await runLimited(missing, this.#concurrency, async ([pair, row]) => {
      this.#stored.set(pair, await this.#load(row.companyId, row.buildingId));
    });
  }

  /** Each row's stored record of the same id in its company and building, as listed (a dry run's plan). */
  async storedRecords(rows: readonly ConsumptionInput[]): Promise<(Consumption | undefined)[]> {
    await this.#loadPairs(rows);
    return rows.map((row) => this.#stored.get(pairOf(row))?.byId.get(row.id.toLowerCase()));
  }

  async find(rows: readonly ConsumptionInput[]): Promise<ConsumptionOverlap[]> {
    await this.#loadPairs(rows);
    const found: ConsumptionOverlap[] = [];
    rows.forEach((row, index) => {
      this.#rowIds.add(row.id.toLowerCase());
      const stored = this.#stored.get(pairOf(row));
      if (stored === undefined) return;
      const key = {
        building: row.buildingId.toLowerCase(),
        category: row.categoryId.toLowerCase(),
        entityId: row.entityId,
      };
      const periods = stored.index.find(
        key,
        row.id.toLowerCase(),
        dayOf(row.startDate),
        dayOf(row.endDate),
      );
      for (const period of periods) {
        const existing = stored.byId.get(period.id);
        if (existing !== undefined) found.push({ index, existing });
      }
    });
    return found;
  }

  carried(records: readonly Consumption[]): Set<string> {
    return new Set(
      records.map((record) => record.id).filter((id) => this.#rowIds.has(id.toLowerCase())),
    );
  }
}
