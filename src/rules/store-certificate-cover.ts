/**
 * The Store port's part for certificate coverage (docs/certificates.md#coverage): the buildings a
 * store marked "to settle" (its triggers mark one whenever a certificate, an electricity
 * consumption, an invoice's supply point or a country its coverage depends on changes), and the
 * coverage written back. The settle itself, the same on every store, is
 * src/rules/certificate-cover.ts; the allocation is the engine's (src/engine/certificate-cover.ts).
 */
import type { BuildingCover, CoverBuilding } from "../engine/certificate-cover.js";
import type { Awaitable } from "./store-base.js";

export interface CertificateCoverTable {
  /**
   * The buildings marked since the last settle that still exist, each with its certificates in
   * allocation order and, when it has any, its electricity consumptions; undefined when none is
   * marked. A consumption's `rowid` is the store's handle of it for `saveCover`.
   */
  unsettled(): Awaitable<CoverBuilding[] | undefined>;
  /**
   * Writes each building's coverage in place of what it had, and clears the marks `unsettled`
   * answered: those buildings are settled.
   */
  saveCover(buildings: readonly BuildingCover[]): Awaitable<void>;
  /** Marks every building that has certificates, for writes made without the triggers. */
  markCertified(): Awaitable<void>;
}

declare module "./store.js" {
  interface StoreTransaction {
    readonly certificateCover: CertificateCoverTable;
  }
}
