/**
 * An import against a server: when the server announces `POST /consumptions/batch` (our
 * extension), rows go in chunks of up to 500 (one request per chunk, stored all or nothing), up
 * to `concurrency` chunks in flight; otherwise one request per row (`POST /consumptions`, the
 * specification's route), up to `concurrency` in flight.
 *
 * Unlike the local session this is not one transaction: every confirmed chunk or row is stored at
 * once and `abort` cannot take it back. The import pipeline therefore validates the whole file
 * before it opens a session (nothing is sent when the file is bad, unless `--skip-invalid`), and
 * re-running an import (or retrying a request) is harmless because every row is an upsert by its
 * id. `commit` and `abort` only wait for requests in flight.
 *
 * A dry run never relies on a server that may ignore `dryRun`: when the server announces it, rows
 * go with `?dryRun=true` (the server calculates, stores nothing); otherwise nothing is sent and
 * the session counts inserts and updates from the specification's listing of the stored
 * consumptions, without emission figures (`calculates` is false). Either way it creates no
 * building; rows of a building it would have created are counted as inserted.
 */
import { CarbonError, isCarbonError } from "../../core/errors.js";
import {
  addImportCounts,
  countEmission,
  scopeKey,
  zeroImportCounts,
} from "../../core/import-counts.js";
import type { BuildingInput } from "../../core/model/building.js";
import { buildingSchema } from "../../core/model/building.js";
import type { Consumption, ConsumptionInput } from "../../core/model/consumption.js";
import type {
  ConsumptionOverlap,
  ImportCounts,
  ImportSession,
} from "../../core/ports/consumptions.js";
import { notOffered } from "./capabilities.js";
import type { HttpClient } from "./client.js";
import { runLimited } from "./limiter.js";
import { RemoteOverlaps } from "./remote-overlaps.js";
import { removeConsumption } from "./removal.js";
import { consumptionBatchSchema, consumptionUpsertSchema } from "./schemas.js";

export interface RemoteImportOptions {
  readonly dryRun: boolean;
  readonly concurrency: number;
  /** What the server announced (src/core/extensions.ts). */
  readonly offers: {
    /** `POST /consumptions/batch`. */
    readonly batches: boolean;
    /** `?dryRun=true` on its writes. */
    readonly dryRun: boolean;
    /** `POST /buildings`. */
    readonly createBuildings: boolean;
    /** Consumptions' `kwhPerM3` (CONSUMPTION_KWH_PER_M3_EXTENSION). */
    readonly kwhPerM3: boolean;
  };
}

/** True when the stored record already says what the row says. */
function sameRecord(stored: Consumption | ConsumptionInput, row: ConsumptionInput): boolean {
  const lower = (value: string): string => value.toLowerCase();
  return (
    lower(stored.companyId) === lower(row.companyId) &&
    lower(stored.buildingId) === lower(row.buildingId) &&
    lower(stored.categoryId) === lower(row.categoryId) &&
    stored.entityId === row.entityId &&
    Date.parse(stored.startDate) === Date.parse(row.startDate) &&
    Date.parse(stored.endDate) === Date.parse(row.endDate) &&
    stored.quantity === row.quantity &&
    stored.unitType === row.unitType
  );
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

/** Rows per `POST /consumptions/batch` (the server's limit). */
const BATCH_ROWS = 500;

/** A row and its index in the rows handed to `write`. */
interface Indexed {
  readonly row: ConsumptionInput;
  readonly index: number;
}

function chunksOf<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let start = 0; start < items.length; start += size) {
    chunks.push(items.slice(start, start + size));
  }
  return chunks;
}

/** True when some id is in more than one chunk. */
function repeatsAcross(chunks: readonly (readonly Indexed[])[]): boolean {
  const chunkOf = new Map<string, number>();
  for (const [at, chunk] of chunks.entries()) {
    for (const { row } of chunk) {
      const seen = chunkOf.get(row.id);
      if (seen !== undefined && seen !== at) return true;
      chunkOf.set(row.id, at);
    }
  }
  return false;
}

/**
 * A batch's errors name items (`items.3.quantity`): they become the session's `rows.<i>` of the
 * rows handed to `write`, and the message names the first such row's id.
 */
function aboutItem(error: unknown, chunk: readonly Indexed[]): unknown {
  if (!isCarbonError(error) || !rowCodes.has(error.code)) return error;
  let named: ConsumptionInput | undefined;
  const rename = (text: string): string =>
    text.replaceAll(/\bitems\.(\d+)/g, (whole, at: string) => {
      const entry = chunk[Number(at)];
      if (entry === undefined) return whole;
      named ??= entry.row;
      return `rows.${entry.index}`;
    });
  const issues = error.issues.map((issue) => ({ ...issue, path: rename(issue.path) }));
  const message = rename(error.message);
  return new CarbonError(
    error.code,
    named === undefined ? message : `consumption ${named.id}: ${message}`,
    { issues, ...(error.hint === undefined ? {} : { hint: error.hint }), cause: error },
  );
}

export class RemoteImportSession implements ImportSession {
  readonly #client: HttpClient;
  readonly #options: RemoteImportOptions;
  /** Buildings a dry run would have created. */
  readonly #pendingBuildings = new Set<string>();
  readonly #inFlight = new Set<Promise<unknown>>();
  #open = true;
  /** Ids a dry run planned by the client has counted, and what it counted them as. */
  readonly #planned = new Map<string, ConsumptionInput>();
  readonly detectsOverlaps = true;
  /** False on a dry run the client plans: the counts carry no emission figures. */
  readonly calculates: boolean;
  readonly #overlaps: RemoteOverlaps;

  constructor(client: HttpClient, options: RemoteImportOptions) {
    this.#client = client;
    this.#options = options;
    this.#overlaps = new RemoteOverlaps(client, options.concurrency);
    this.calculates = !options.dryRun || options.offers.dryRun;
  }

  /** A dry run the server cannot run: the client plans it and sends nothing. */
  get #plansLocally(): boolean {
    return this.#options.dryRun && !this.#options.offers.dryRun;
  }

  overlaps(rows: readonly ConsumptionInput[]): Promise<readonly ConsumptionOverlap[]> {
    return this.#track(() => this.#overlaps.find(rows));
  }

  carried(records: readonly Consumption[]): Promise<ReadonlySet<string>> {
    return this.#track(() => Promise.resolve(this.#overlaps.carried(records)));
  }

  /** One removal (`POST /consumptions` with removedAt) per record; a dry run sends nothing. */
  remove(records: readonly Consumption[]): Promise<number> {
    if (this.#options.dryRun) return this.#track(() => Promise.resolve(records.length));
    return this.#track(() =>
      runLimited(records, this.#options.concurrency, async (record) => {
        await removeConsumption(this.#client, record);
      }).then(() => records.length),
    );
  }

  /** Starts `start` only while the session is open: a closed session sends nothing. */
  #track<T>(start: () => Promise<T>): Promise<T> {
    if (!this.#open) {
      return Promise.reject(new CarbonError("internal", "the import session is already closed"));
    }
    const work = start();
    this.#inFlight.add(work);
    const forget = (): void => {
      this.#inFlight.delete(work);
    };
    void work.then(forget, forget);
    return work;
  }

  createBuildings(inputs: readonly BuildingInput[]): Promise<void> {
    if (!this.#options.offers.createBuildings && inputs.length > 0) {
      const names = inputs.map((input) => JSON.stringify(input.name)).join(", ");
      const refusal = notOffered(
        this.#client.api.href,
        "creating buildings (POST /buildings)",
        `create ${inputs.length === 1 ? "this building" : "these buildings"} in the service first, then import without --create-buildings: ${names}`,
      );
      return Promise.reject(refusal);
    }
    if (this.#options.dryRun) {
      for (const input of inputs) this.#pendingBuildings.add(input.id);
      return this.#track(() => Promise.resolve());
    }
    return this.#track(() =>
      runLimited(inputs, this.#options.concurrency, async (input) => {
        await this.#client.request("POST", "/buildings", { body: input, schema: buildingSchema });
      }),
    );
  }

  write(rows: readonly ConsumptionInput[]): Promise<ImportCounts> {
    return this.#track(() => this.#write(rows));
  }

  async #write(rows: readonly ConsumptionInput[]): Promise<ImportCounts> {
    if (!this.#options.offers.kwhPerM3) refuseKwhPerM3(this.#client.api.href, rows);
    const counts = zeroImportCounts();
    const toSend: Indexed[] = [];
    for (const [index, row] of rows.entries()) {
      if (this.#pendingBuildings.has(row.buildingId)) counts.inserted += 1;
      else toSend.push({ row, index });
    }
    if (this.#plansLocally) {
      await this.#plan(toSend, counts);
      return counts;
    }
    if (!this.#options.offers.batches) {
      await this.#sendRows(toSend, counts);
      return counts;
    }
    const chunks = chunksOf(toSend, BATCH_ROWS);
    // Rows with one id in two chunks must arrive in order: then one chunk at a time.
    const concurrency = repeatsAcross(chunks) ? 1 : this.#options.concurrency;
    await runLimited(chunks, concurrency, (chunk) => this.#sendChunk(chunk, counts));
    return counts;
  }

  /** Counts what the rows would do from the stored records the listings show; sends nothing. */
  async #plan(entries: readonly Indexed[], counts: ImportCounts): Promise<void> {
    const rows = entries.map((entry) => entry.row);
    const stored = await this.#overlaps.storedRecords(rows);
    rows.forEach((row, at) => {
      const id = row.id.toLowerCase();
      const before = this.#planned.get(id) ?? stored[at];
      this.#planned.set(id, row);
      if (before === undefined) counts.inserted += 1;
      else if (sameRecord(before, row)) counts.unchanged += 1;
      else counts.updated += 1;
    });
  }

  get #query(): { readonly dryRun: true } | undefined {
    return this.#options.dryRun ? { dryRun: true } : undefined;
  }

  async #sendChunk(chunk: readonly Indexed[], counts: ImportCounts): Promise<void> {
    const query = this.#query;
    let answer: ImportCounts;
    try {
      const body = { items: chunk.map((entry) => entry.row) };
      ({ counts: answer } = await this.#client.request("POST", "/consumptions/batch", {
        body,
        schema: consumptionBatchSchema,
        ...(query === undefined ? {} : { query }),
      }));
    } catch (error) {
      throw aboutItem(error, chunk);
    }
    addImportCounts(counts, answer);
  }

  /** One request per row; rows with the same id one after the other. */
  async #sendRows(entries: readonly Indexed[], counts: ImportCounts): Promise<void> {
    const query = this.#query;
    const groups = groupById(entries.map((entry) => entry.row));
    await runLimited(groups, this.#options.concurrency, async (group) => {
      for (const row of group) {
        const answer = await this.#client
          .request("POST", "/consumptions", {
            body: row,
            schema: consumptionUpsertSchema,
            ...(query === undefined ? {} : { query }),
          })
          .catch((error: unknown) => {
            throw aboutRow(error, row);
          });
        const { emission, outcome } = answer;
        if (outcome === undefined) counts.outcomeUnknown = (counts.outcomeUnknown ?? 0) + 1;
        else counts[outcome] += 1;
        // A server that sends no emission back (the hosted service): the totals leave the row out.
        if (emission === undefined) counts.emissionUnknown = (counts.emissionUnknown ?? 0) + 1;
        else {
          const awaiting = emission.status === "awaiting_factor";
          countEmission(counts, scopeKey(emission.scope), awaiting, emission.co2e);
        }
      }
    });
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

/**
 * A server that does not announce our `kwhPerM3` would drop it, or refuse the unknown field:
 * rows that carry one are refused before any of their batch is sent.
 */
export function refuseKwhPerM3(server: string, rows: readonly ConsumptionInput[]): void {
  const billed = rows.filter((row) => row.kwhPerM3 !== undefined).length;
  if (billed === 0) return;
  throw notOffered(
    server,
    `a natural-gas bill's kWh per m3 (kwhPerM3, on ${billed} row${billed === 1 ? "" : "s"})`,
    "give those quantities in kWh (m3 × the bill's kWh per m3) and leave kwhPerM3 empty, or use the local engine or carbon serve",
  );
}
