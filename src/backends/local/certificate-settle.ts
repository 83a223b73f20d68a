/**
 * Certificate coverage settled before each write commits (docs/certificates.md#coverage): the
 * buildings the triggers marked are read in one call, their certificates allocated by the
 * engine's pure function, and the coverage written back in one call.
 */
import { coverOf } from "../../engine/certificate-cover.js";
import type { CertificateCoverStore } from "../../store/sqlite/certificate-cover.js";

export class CertificateCover {
  readonly #store: CertificateCoverStore;

  constructor(store: CertificateCoverStore) {
    this.#store = store;
  }

  /** Marks every building that has certificates, for writes made without the triggers. */
  markCertified(): void {
    this.#store.markCertified();
  }

  /** Reallocates every building marked since the last settle, in the caller's transaction. */
  settle(): void {
    const unsettled = this.#store.unsettled();
    if (unsettled === undefined) return;
    this.#store.saveCover(coverOf(unsettled));
  }
}
