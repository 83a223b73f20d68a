/**
 * An import against a server: rows are upserted one request each, up to `concurrency` in flight.
 *
 * Unlike the local session this is not one transaction: the HTTP interface has no bulk
 * transaction, so every confirmed row is stored at once and `abort` cannot take it back. The
 * import pipeline therefore validates the whole file before it opens a session (nothing is sent
 * when the file is bad, unless `--skip-invalid`), and re-running an import is harmless because
 * every row is an upsert by its id. `commit` and `abort` only wait for requests in flight.
 *
 * A dry run sends rows with `?dryRun=true` (the server calculates, stores nothing) and does not
 * create buildings; rows of a building it would have created are counted as inserted, without
 * an emission figure, since the server cannot calculate for a building it does not know.
 */
import { CarbonError, isCarbonError } from "../../core/errors.js";
import type { BuildingInput } from "../../core/model/building.js";
import { buildingSchema } from "../../core/model/building.js";
import type { Scope } from "../../core/model/common.js";
import type { ConsumptionInput } from "../../core/model/consumption.js";
import type { ImportCounts, ImportSession, ScopeTotals } from "../../core/service.js";
import type { HttpClient } from "./client.js";
import { runLimited } from "./limiter.js";
import { consumptionUpsertSchema } from "./schemas.js";

export interface RemoteImportOptions {
  readonly dryRun: boolean;
  readonly concurrency: number;
}

function zeroCounts(): ImportCounts {
  return {
    inserted: 0,
    updated: 0,
    unchanged: 0,
    awaitingFactor: 0,
    co2eByScope: { "1": 0, "2": 0, "3": 0 },
  };
}

function scopeKey(scope: Scope): keyof ScopeTotals {
  switch (scope) {
    case 1:
      return "1";
    case 2:
      return "2";
    case 3:
      return "3";
  }
}

/** Errors about one row's content get the row's id in front; others (network, auth) stay as is. */
const rowCodes = new Set(["validation", "not_found", "conflict", "usage", "payload_too_large"]);

function aboutRow(error: unknown, row: ConsumptionInput): unknown {
  if (!isCarbonError(error) || !rowCodes.has(error.code)) return error;
  return new CarbonError(error.code, `consumption ${row.id}: ${error.message}`, {
    issues: error.issues,
    ...(error.hint === undefined ? {} : { hint: error.hint }),
    cause: error,
  });
}

/** Rows grouped by id in first-seen order: rows with the same id are sent one after the other. */
function groupById(rows: readonly ConsumptionInput[]): ConsumptionInput[][] {
  const groups = new Map<string, ConsumptionInput[]>();
  for (const row of rows) {
    const group = groups.get(row.id);
    if (group === undefined) groups.set(row.id, [row]);
    else group.push(row);
  }
  return [...groups.values()];
}

export class RemoteImportSession implements ImportSession {
  readonly #client: HttpClient;
  readonly #options: RemoteImportOptions;
  /** Buildings a dry run would have created. */
  readonly #pendingBuildings = new Set<string>();
  readonly #inFlight = new Set<Promise<unknown>>();
  #open = true;

  constructor(client: HttpClient, options: RemoteImportOptions) {
    this.#client = client;
    this.#options = options;
  }

  #track<T>(work: Promise<T>): Promise<T> {
    if (!this.#open) {
      return Promise.reject(new CarbonError("internal", "the import session is already closed"));
    }
    this.#inFlight.add(work);
    const forget = (): void => {
      this.#inFlight.delete(work);
    };
    void work.then(forget, forget);
    return work;
  }

  createBuildings(inputs: readonly BuildingInput[]): Promise<void> {
    if (this.#options.dryRun) {
      for (const input of inputs) this.#pendingBuildings.add(input.id);
      return this.#track(Promise.resolve());
    }
    return this.#track(
      runLimited(inputs, this.#options.concurrency, async (input) => {
        await this.#client.request("POST", "/buildings", { body: input, schema: buildingSchema });
      }),
    );
  }

  write(rows: readonly ConsumptionInput[]): Promise<ImportCounts> {
    return this.#track(this.#write(rows));
  }

  async #write(rows: readonly ConsumptionInput[]): Promise<ImportCounts> {
    const counts = zeroCounts();
    const query = this.#options.dryRun ? { dryRun: true } : undefined;
    await runLimited(groupById(rows), this.#options.concurrency, async (group) => {
      for (const row of group) {
        if (this.#pendingBuildings.has(row.buildingId)) {
          counts.inserted += 1;
          continue;
        }
        const answer = await this.#client
          .request("POST", "/consumptions", {
            body: row,
            schema: consumptionUpsertSchema,
            ...(query === undefined ? {} : { query }),
          })
          .catch((error: unknown) => {
            throw aboutRow(error, row);
          });
        counts[answer.outcome] += 1;
        if (answer.emission.status === "awaiting_factor") counts.awaitingFactor += 1;
        else counts.co2eByScope[scopeKey(answer.emission.scope)] += answer.emission.co2e ?? 0;
      }
    });
    return counts;
  }

  async #settle(): Promise<void> {
    this.#open = false;
    await Promise.allSettled([...this.#inFlight]);
  }

  commit(): Promise<void> {
    return this.#settle();
  }

  abort(): Promise<void> {
    return this.#settle();
  }
}
