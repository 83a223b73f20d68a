import { parentPort } from "node:worker_threads";
import { CsvSyntaxError, openCsvSource } from "./csv-source.js";
import { FingerprintSet } from "./fingerprint-set.js";
import { encodeChunk } from "./outcome-codec.js";
import { type CompanyLoader, References } from "./references.js";
import { validateRecords } from "./row-outcomes.js";
import type { RowContext } from "./row-validator.js";
import {
  CHUNKS_IN_FLIGHT,
  type FromWorker,
  type ParseWorkerSetup,
  serializeError,
  ThreadError,
  type ToWorker,
} from "./worker-protocol.js";

/**
 * The parse worker of a large import: reads the CSV, validates each row and derives its id, and
 * posts the outcomes in chunks (at most CHUNKS_IN_FLIGHT ahead of the main thread), so parsing
 * overlaps the database writes on the main thread. Companies not known at start are asked of
 * the main thread, which owns the service. See worker-outcomes.ts for the other side.
 */

// A worker module with a parent port; its setup is the first message it gets.
const port = parentPort;

class CreditGate {
  #credits = CHUNKS_IN_FLIGHT;
  #waiting: (() => void) | undefined;

  take(): Promise<void> | undefined {
    if (this.#credits > 0) {
      this.#credits -= 1;
      return undefined;
    }
    return new Promise((resolve) => {
      this.#waiting = () => {
        this.#credits -= 1;
        resolve();
      };
    });
  }

  give(): void {
    this.#credits += 1;
    const waiting = this.#waiting;
    this.#waiting = undefined;
    waiting?.();
  }
}

async function run(): Promise<void> {
  if (port === null) return;
  const post = (message: FromWorker, transfer: ArrayBuffer[] = []): void => {
    port.postMessage(message, transfer);
  };
  const gate = new CreditGate();
  const companies = new Map<
    string,
    { resolve: (value: ToWorker) => void; reject: (error: unknown) => void }
  >();
  let setUp: ((setup: ParseWorkerSetup) => void) | undefined;
  const received = new Promise<ParseWorkerSetup>((resolve) => {
    setUp = resolve;
  });
  port.on("message", (message: ToWorker) => {
    if (message.type === "setup") {
      setUp?.(message.setup);
      return;
    }
    if (message.type === "credit") {
      gate.give();
      return;
    }
    const waiting = companies.get(message.companyId);
    companies.delete(message.companyId);
    waiting?.resolve(message);
  });
  const loader: CompanyLoader = {
    load: (companyId) =>
      new Promise((resolve, reject) => {
        companies.set(companyId, {
          resolve: (reply) => {
            if (reply.type === "company") resolve(reply.buildings);
            else if (reply.type === "company-failed") reject(new ThreadError(reply.error));
          },
          reject,
        });
        post({ type: "company", companyId });
      }),
  };
  // Started early (ParseWorkerStart), the worker has loaded its code by the time this comes.
  const setup = await received;
  const ctx: RowContext = {
    columns: setup.columns,
    headerLength: setup.headerLength,
    refs: References.restore(setup.references, loader),
    // Without an id column every id is derived: the main thread checks them (derived-ids.ts).
    ids: setup.checkDerivedIds ? FingerprintSet.forRows(setup.expectedRows) : new FingerprintSet(),
    checkDerivedIds: setup.checkDerivedIds,
    decimalComma: setup.decimalComma,
    defaultCompanyId: setup.defaultCompanyId,
    defaultBuilding: setup.defaultBuilding,
    createBuildings: setup.createBuildings,
  };
  try {
    const source = await openCsvSource(setup.file, {
      delimiter: setup.delimiter,
      encoding: setup.encoding,
      plain: setup.plain,
    });
    let header = true;
    for await (const batch of source.batches()) {
      // The header was read and checked on the main thread.
      const records = header ? batch.slice(1) : batch;
      header = false;
      const outcomes = await validateRecords(records, ctx, setup.keepCells);
      if (outcomes.length === 0) continue;
      await gate.take();
      const { chunk, transfer } = encodeChunk(outcomes, setup.keepCells, source.bytesRead());
      post({ type: "chunk", chunk }, transfer);
    }
    post({ type: "end" });
  } catch (error) {
    if (error instanceof CsvSyntaxError) {
      post({ type: "syntax", line: error.line, message: error.message });
    } else {
      post({ type: "error", error: serializeError(error) });
    }
  }
  port.close();
}

await run();
