/**
 * How the local engine runs the rules on its store: errors translated into the engine's, caches
 * dropped when another connection or process committed, certificate coverage settled before a
 * write commits, and writes refused while an import session is open.
 */
import { CarbonError } from "../../core/errors.js";
import { settleCertificateCover } from "../../rules/certificate-cover.js";
import type { StoreTransactions } from "../../rules/store.js";
import type { LocalImportSession } from "./local-import-session.js";
import type { LocalParts } from "./local-parts.js";

export class EngineTransactions {
  readonly #p: LocalParts;
  /** The open import session: while there is one, other writes are refused. */
  readonly #session: { readonly current: LocalImportSession | undefined };
  #dataVersion: number | undefined = -1;

  constructor(parts: LocalParts, session: { readonly current: LocalImportSession | undefined }) {
    this.#p = parts;
    this.#session = session;
  }

  /** Another connection committed since we last looked: cached factors and references may be stale. */
  #sync(mode: "read" | "write"): void {
    const version = this.#p.store.dataVersion();
    if (version === undefined) {
      // A store that cannot tell: what the transaction prices with is read again in it.
      (mode === "read" ? this.#p.readCalculator : this.#p.calculator).invalidate();
      this.#p.store.forget();
    } else if (version !== this.#dataVersion) {
      this.#dataVersion = version;
      this.#p.calculator.invalidate();
      this.#p.readCalculator.invalidate();
      this.#p.store.forget();
    }
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
      const { store } = this.#p;
      try {
        this.#sync("read");
        return await store.transactions.read(fn);
      } catch (error) {
        throw store.translate(error);
      }
    },
    // All of it or none, certificate cover settled before the commit.
    write: async (fn) => {
      this.#refuseDuringSession();
      const { store } = this.#p;
      try {
        return await store.transactions.write(async (tx) => {
          this.#sync("write");
          const value = await fn(tx);
          await settleCertificateCover(tx.certificateCover);
          return value;
        });
      } catch (error) {
        this.#p.calculator.forgetWrites();
        store.forget();
        throw store.translate(error);
      }
    },
  };
}
