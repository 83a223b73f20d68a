/**
 * Certificate coverage settled before each write commits (docs/certificates.md#coverage), by the
 * store-neutral settle of src/rules/certificate-cover.ts on the SQLite store's marks.
 */
import { settleCertificateCover } from "../../rules/certificate-cover.js";
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
    settleCertificateCover(this.#store);
  }
}
