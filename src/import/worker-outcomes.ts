import { stat } from "node:fs/promises";
import { availableParallelism } from "node:os";
import { setFlagsFromString } from "node:v8";
import { type ResourceLimits, Worker } from "node:worker_threads";
import { CarbonError, type ErrorCode, errorTable } from "../core/errors.js";
import { YoungGenerationCap } from "../runtime/young-generation.js";
import { CsvSyntaxError } from "./csv-source.js";
import { decodeChunk } from "./outcome-codec.js";
import type { CompanyLoader } from "./references.js";
import type { OutcomeSource, RowOutcome } from "./row-outcomes.js";
import type { EarlyParseWorker } from "./types.js";
import {
  type FromWorker,
  type ParseWorkerSetup,
  type SerializedError,
  serializeError,
  type ToWorker,
} from "./worker-protocol.js";

/**
 * The main thread's side of a parse worker (parse-worker.ts): starts it, answers its company
 * look-ups through `loader` (the service lives here), and hands its chunks to the import run in
 * order, giving the worker a credit for each chunk taken so it never runs far ahead.
 */

function isErrorCode(code: string | undefined): code is ErrorCode {
  return code !== undefined && Object.hasOwn(errorTable, code);
}

function rebuild(error: SerializedError): Error {
  if (isErrorCode(error.code)) {
    return new CarbonError(
      error.code,
      error.message,
      error.hint === undefined ? {} : { hint: error.hint },
    );
  }
  return new Error(error.message);
}

/**
 * The parse worker's heap. Left alone, V8 lets a thread's old generation fill with garbage up
 * to a generous first limit. The worker keeps little alive (reference data, the chunk being
 * made; the id set is off-heap), so 64 MiB is ample and the garbage is collected sooner. Its
 * young generation is left near V8's default (16 MiB semi-spaces): the worker is busy all the
 * import long, and much smaller semi-spaces make it scavenge too often (bench/NOTES.md).
 */
const WORKER_YOUNG_MB = 48;
const WORKER_OLD_MB = 64;

/**
 * Scavenges without helper threads while the parse worker runs, when the machine has no core to
 * spare beyond the two the import keeps busy (this thread writing, the worker parsing). A
 * parallel scavenge wakes the platform's helper threads (four, whatever the machine), and on such
 * a machine they can only run by taking a core from one of the two: hundreds of scavenges, each
 * stalling the other thread. The young generations here are small (see above), so a scavenge has
 * little to share anyway (bench/NOTES.md has the timing). The flag is process-wide (both
 * isolates) and set back when the import ends.
 */
export class SerialScavenges {
  readonly #cores: () => number;
  readonly #setFlags: (flags: string) => void;
  #applied = false;

  constructor(cores = availableParallelism, setFlags = setFlagsFromString) {
    this.#cores = cores;
    this.#setFlags = setFlags;
  }

  apply(): void {
    if (this.#applied || this.#cores() > 2) return;
    this.#applied = true;
    this.#setFlags("--no-parallel-scavenge");
  }

  release(): void {
    if (!this.#applied) return;
    this.#applied = false;
    this.#setFlags("--parallel-scavenge");
  }
}

/**
 * Built code runs the parse-worker.js beside this module (in dist/import/, or in dist/bundle/
 * where bin/carbon.js runs the bundle). Under the test runner this module is
 * src/import/worker-outcomes.ts: the worker then runs the .ts source with Node's type stripping,
 * with a resolve hook mapping the sources' `./x.js` imports to `./x.ts`.
 */
function spawn(): Worker {
  const self = import.meta.url;
  const resourceLimits: ResourceLimits = {
    maxYoungGenerationSizeMb: WORKER_YOUNG_MB,
    maxOldGenerationSizeMb: WORKER_OLD_MB,
  };
  if (!self.endsWith(".ts"))
    return new Worker(new URL("./parse-worker.js", self), { resourceLimits });
  const entry = JSON.stringify(new URL("./parse-worker.ts", self).href);
  const bootstrap = `
    const { registerHooks } = require("node:module");
    registerHooks({
      resolve(specifier, context, next) {
        try {
          return next(specifier, context);
        } catch (error) {
          if (!specifier.startsWith(".") || !specifier.endsWith(".js")) throw error;
          return next(specifier.slice(0, -3) + ".ts", context);
        }
      },
    });
    import(${entry});`;
  return new Worker(bootstrap, { eval: true, resourceLimits });
}

/** The error of a parse worker that stopped before its work was done. */
function stopped(code: number): Error {
  return new Error(`the parse worker stopped (exit code ${code})`);
}

/** Below this a worker's start-up (tens of milliseconds) costs more than the overlap saves. */
export const PARSE_WORKER_MIN_BYTES = 4 * 1024 * 1024;

/**
 * A parse worker started before its setup is known, so that it loads its code while this thread
 * opens the database, reads the file's header and loads the references, instead of after them
 * with this thread waiting. It waits for its setup; an import takes it, or `dispose` stops it.
 * Until taken it does not keep the process alive.
 */
export class ParseWorkerStart implements EarlyParseWorker {
  #worker: Worker | undefined;
  /** What went wrong before the worker was taken (it could not load, or stopped). */
  #fault: Error | undefined;

  constructor() {
    const worker = spawn();
    worker.unref();
    worker.on("error", (error) => {
      this.#fault ??= error;
    });
    worker.on("exit", (code) => {
      this.#fault ??= stopped(code);
    });
    this.#worker = worker;
  }

  /** The worker and any fault so far, once; undefined after `take` or `dispose`. */
  take(): { readonly worker: Worker; readonly fault: Error | undefined } | undefined {
    const worker = this.#worker;
    if (worker === undefined) return undefined;
    this.#worker = undefined;
    worker.removeAllListeners("error");
    worker.removeAllListeners("exit");
    worker.ref();
    return { worker, fault: this.#fault };
  }

  /** Stops the worker unless an import took it (idempotent). */
  async dispose(): Promise<void> {
    const worker = this.#worker;
    this.#worker = undefined;
    await worker?.terminate();
  }
}

/** A parse worker started now for `file` if the import will want one (it is large enough). */
export async function startParseWorker(file: string): Promise<ParseWorkerStart | undefined> {
  try {
    const { size } = await stat(file);
    return size >= PARSE_WORKER_MIN_BYTES ? new ParseWorkerStart() : undefined;
  } catch {
    return undefined; // The import reports a file it cannot read.
  }
}

export interface WorkerOutcomes extends OutcomeSource {
  /** Stops the worker (idempotent). */
  close(): Promise<void>;
}

/** Parses in a worker: `started`'s when given (and not taken yet), else a new one. */
export function workerOutcomes(
  setup: ParseWorkerSetup,
  loader: CompanyLoader,
  started?: EarlyParseWorker,
): WorkerOutcomes {
  const early = started?.take();
  const worker = early?.worker ?? spawn();
  const scavenges = new SerialScavenges();
  scavenges.apply();
  const cap = new YoungGenerationCap();
  const queue: (FromWorker | { readonly type: "crash"; readonly error: unknown })[] = [];
  let wake: (() => void) | undefined;
  let bytesRead = 0;
  let closed = false;
  const push = (message: (typeof queue)[number]): void => {
    queue.push(message);
    const resolve = wake;
    wake = undefined;
    resolve?.();
  };
  const send = (message: ToWorker): void => {
    if (!closed) worker.postMessage(message);
  };
  worker.on("message", (message: FromWorker) => {
    if (message.type !== "company") {
      push(message);
      return;
    }
    const { companyId } = message;
    loader.load(companyId).then(
      (buildings) => send({ type: "company", companyId, buildings }),
      (error: unknown) => send({ type: "company-failed", companyId, error: serializeError(error) }),
    );
  });
  worker.on("error", (error) => push({ type: "crash", error }));
  worker.on("exit", (code) => {
    if (!closed) {
      push({ type: "crash", error: stopped(code) });
    }
  });
  if (early?.fault !== undefined) push({ type: "crash", error: early.fault });
  else send({ type: "setup", setup });

  async function* chunks(): AsyncGenerator<readonly RowOutcome[], void, undefined> {
    for (;;) {
      const message = queue.shift();
      if (message === undefined) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
        continue;
      }
      switch (message.type) {
        case "chunk":
          send({ type: "credit" });
          cap.check();
          bytesRead = message.chunk.bytesRead;
          yield decodeChunk(message.chunk);
          break;
        case "end":
          return;
        case "syntax":
          throw new CsvSyntaxError(message.line, message.message);
        case "error":
          throw rebuild(message.error);
        case "crash":
          throw message.error;
      }
    }
  }

  return {
    chunks: chunks(),
    bytesRead: () => bytesRead,
    async close() {
      if (closed) return;
      closed = true;
      cap.release();
      scavenges.release();
      await worker.terminate();
    },
  };
}
