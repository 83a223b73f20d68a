/**
 * An import against a server: rows go in chunks of up to 500 to `POST /consumptions/batch` (our
 * extension: one request per chunk, stored all or nothing), up to `concurrency` chunks in
 * flight. A server without the extension answers the first chunk 404; the session then sends
 * rows one request each (`POST /consumptions`, the specification's route), up to `concurrency`
 * in flight, for the rest of the session.
 *
 * Unlike the local session this is not one transaction: every confirmed chunk or row is stored at
 * once and `abort` cannot take it back. The import pipeline therefore validates the whole file
 * before it opens a session (nothing is sent when the file is bad, unless `--skip-invalid`), and
 * re-running an import (or retrying a request) is harmless because every row is an upsert by its
 * id. `commit` and `abort` only wait for requests in flight.
 *
 * A dry run sends rows with `?dryRun=true` (the server calculates, stores nothing) and does not
 * create buildings; rows of a building it would have created are counted as inserted, without
 * an emission figure, since the server cannot calculate for a building it does not know.
 */
import { CarbonError, isCarbonError } from "../../core/errors.js";
import { addImportCounts, countRow, scopeKey, zeroImportCounts } from "../../core/import-counts.js";
import type { BuildingInput } from "../../core/model/building.js";
import { buildingSchema } from "../../core/model/building.js";
import type { Consumption, ConsumptionInput } from "../../core/model/consumption.js";
import type { ConsumptionOverlap, ImportCounts, ImportSession } from "../../core/service.js";
import type { HttpClient } from "./client.js";
import { runLimited } from "./limiter.js";
import { RemoteOverlaps } from "./overlaps.js";
import { removeConsumption } from "./removal.js";
import { consumptionBatchSchema, consumptionUpsertSchema } from "./schemas.js";

export interface RemoteImportOptions {
  readonly dryRun: boolean;
  readonly concurrency: number;
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
  /** Whether the server has `POST /consumptions/batch`: known after the first answer. */
  #batches: "unknown" | "supported" | "unsupported" = "unknown";
  readonly detectsOverlaps = true;
  readonly #overlaps: RemoteOverlaps;

  constructor(client: HttpClient, options: RemoteImportOptions) {
    this.#client = client;
    this.#options = options;
    this.#overlaps = new RemoteOverlaps(client, options.concurrency);
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
    const counts = zeroImportCounts();
    const toSend: Indexed[] = [];
    for (const [index, row] of rows.entries()) {
      if (this.#pendingBuildings.has(row.buildingId)) counts.inserted += 1;
      else toSend.push({ row, index });
    }
    let chunks = chunksOf(toSend, BATCH_ROWS);
    const first = chunks[0];
    if (this.#batches === "unknown" && first !== undefined) {
      // The first chunk alone: a 404 switches to single rows before more requests go out.
      await this.#sendChunk(first, counts);
      chunks = chunks.slice(1);
    }
    if (this.#batches === "unsupported") {
      await this.#sendRows(chunks.flat(), counts);
      return counts;
    }
    // Rows with one id in two chunks must arrive in order: then one chunk at a time.
    const concurrency = repeatsAcross(chunks) ? 1 : this.#options.concurrency;
    await runLimited(chunks, concurrency, (chunk) => this.#sendChunk(chunk, counts));
    return counts;
  }

  get #query(): { readonly dryRun: true } | undefined {
    return this.#options.dryRun ? { dryRun: true } : undefined;
  }

  async #sendChunk(chunk: readonly Indexed[], counts: ImportCounts): Promise<void> {
    if (this.#batches === "unsupported") {
      await this.#sendRows(chunk, counts);
      return;
    }
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
      if (this.#batches === "unknown" && isCarbonError(error) && error.code === "not_found") {
        // A server without the extension (or an item it does not show: the rows say which).
        this.#batches = "unsupported";
        await this.#sendRows(chunk, counts);
        return;
      }
      throw aboutItem(error, chunk);
    }
    this.#batches = "supported";
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
        const { emission } = answer;
        const awaiting = emission.status === "awaiting_factor";
        countRow(counts, answer.outcome, scopeKey(emission.scope), awaiting, emission.co2e);
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
