/**
 * How the local engine runs its work on its connection: errors translated into the engine's,
 * caches dropped when another connection committed, and writes in one BEGIN IMMEDIATE
 * transaction, refused while an import session is open.
 */
import { CarbonError } from "../../core/errors.js";
import { translateError } from "./database.js";
import { lazy } from "./lazy.js";
import type { LocalImportSession } from "./local-import-session.js";
import type { LocalParts } from "./local-parts.js";

export class EngineTransactions {
  readonly #p: LocalParts;
  /** The open import session: while there is one, other writes are refused. */
  readonly #session: { readonly current: LocalImportSession | undefined };
  #dataVersion = -1;
  /** Prepared once: `db.pragma()` prepares a statement on every call. */
  readonly #dataVersionQuery;
  /** Made once: `db.transaction(fn)` builds its wrappers (and statements) on every call. */
  readonly #transaction;

  constructor(parts: LocalParts, session: { readonly current: LocalImportSession | undefined }) {
    this.#p = parts;
    this.#session = session;
    this.#dataVersionQuery = lazy(() =>
      parts.db.prepare<[], number>("PRAGMA data_version").pluck(),
    );
    this.#transaction = parts.db.transaction((fn: () => void) => fn());
  }

  /** Runs `fn`, its SQLite errors translated into the engine's (busy, full, read-only…). */
  guard<T>(fn: () => T): T {
    try {
      return fn();
    } catch (error) {
      throw translateError(error, this.#p.path);
    }
  }

  /** Another connection committed since we last looked: cached custom factors may be stale. */
  #sync(): void {
    const version = this.#dataVersionQuery().get();
    if (typeof version === "number" && version !== this.#dataVersion) {
      this.#dataVersion = version;
      this.#p.calculator.invalidate();
      this.#p.refs.invalidate();
    }
  }

  /** A read: first drop caches another connection's commits made stale. */
  read<T>(fn: () => T): T {
    return this.guard(() => {
      this.#sync();
      return fn();
    });
  }

  /** A write transaction (BEGIN IMMEDIATE), refused while an import session is open. */
  write<T>(fn: () => T): T {
    if (this.#session.current !== undefined) {
      throw new CarbonError(
        "conflict",
        "an import session is open on this database connection; commit or abort it first",
      );
    }
    return this.guard(() => {
      this.#sync();
      try {
        let result: { readonly value: T } | undefined;
        this.#transaction.immediate(() => {
          result = { value: fn() };
          this.#p.cover.settle();
        });
        if (result === undefined) throw new Error("the write transaction returned nothing");
        return result.value;
      } catch (error) {
        this.#p.calculator.forgetWrites();
        this.#p.refs.invalidate();
        throw error;
      }
    });
  }
}
