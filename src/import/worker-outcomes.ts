import { Worker } from "node:worker_threads";
import { CarbonError, type ErrorCode, errorTable } from "../core/errors.js";
import { CsvSyntaxError } from "./csv-source.js";
import { decodeChunk } from "./outcome-codec.js";
import type { CompanyLoader } from "./references.js";
import type { OutcomeSource, RowOutcome } from "./row-outcomes.js";
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
 * Built code runs dist/import/parse-worker.js. Under the test runner this module is
 * src/import/worker-outcomes.ts: the worker then runs the .ts source with Node's type stripping,
 * with a resolve hook mapping the sources' `./x.js` imports to `./x.ts`.
 */
function spawn(setup: ParseWorkerSetup): Worker {
  const self = import.meta.url;
  if (!self.endsWith(".ts"))
    return new Worker(new URL("./parse-worker.js", self), { workerData: setup });
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
  return new Worker(bootstrap, { eval: true, workerData: setup });
}

export interface WorkerOutcomes extends OutcomeSource {
  /** Stops the worker (idempotent). */
  close(): Promise<void>;
}

export function workerOutcomes(setup: ParseWorkerSetup, loader: CompanyLoader): WorkerOutcomes {
  const worker = spawn(setup);
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
      push({ type: "crash", error: new Error(`the parse worker stopped (exit code ${code})`) });
    }
  });

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
      await worker.terminate();
    },
  };
}
