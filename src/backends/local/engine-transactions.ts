/**
 * How the local engine runs its work on its connection: errors translated into the engine's,
 * caches dropped when another connection committed, and writes in one BEGIN IMMEDIATE
 * transaction, refused while an import session is open.
 */
import { CarbonError } from "../../core/errors.js";
import type { StoreTransaction, StoreTransactions } from "../../rules/store.js";
import { translateError } from "../../store/sqlite/database.js";
import type { SqliteTransactions } from "../../store/sqlite/store.js";
import type { LocalImportSession } from "./local-import-session.js";
import type { LocalParts } from "./local-parts.js";

export class EngineTransactions {
  readonly #p: LocalParts;
  readonly #tables: StoreTransaction;
  readonly #store: SqliteTransactions;
  /** The open import session: while there is one, other writes are refused. */
  readonly #session: { readonly current: LocalImportSession | undefined };
  #dataVersion = -1;

  constructor(
    parts: LocalParts,
    session: { readonly current: LocalImportSession | undefined },
    store: { readonly tables: StoreTransaction; readonly transactions: SqliteTransactions },
  ) {
    this.#p = parts;
    this.#tables = store.tables;
    this.#store = store.transactions;
    this.#session = session;
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
    const version = this.#store.dataVersion();
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

  /** Refused while an import session is open: its transaction holds the connection. */
  #refuseDuringSession(): void {
    if (this.#session.current !== undefined) {
      throw new CarbonError(
        "conflict",
        "an import session is open on this database connection; commit or abort it first",
      );
    }
  }

  /** The rules' transactions over the port's tables (src/rules/store.ts). */
  readonly rules: StoreTransactions = {
    read: async (fn) => {
      this.read(() => undefined);
      try {
        return await fn(this.#tables);
      } catch (error) {
        throw translateError(error, this.#p.path);
      }
    },
    // All of it or none, certificate cover settled before the commit.
    write: async (fn) => {
      this.#refuseDuringSession();
      try {
        return await this.#store.write(async () => {
          this.#sync();
          const value = await fn(this.#tables);
          this.#p.cover.settle();
          return value;
        });
      } catch (error) {
        this.#p.calculator.forgetWrites();
        this.#p.refs.invalidate();
        throw translateError(error, this.#p.path);
      }
    },
  };
}
