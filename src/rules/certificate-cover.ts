/**
 * Certificate coverage settled before a write commits (docs/certificates.md#coverage), on any
 * store: the buildings the store marked are read in one call, their certificates allocated by
 * the engine's pure function, and the coverage written back in one call. A store that answers
 * at once (SQLite's, settling inside its commit) is settled before the call returns.
 */
import { type BuildingCover, type CoverBuilding, coverOf } from "../engine/certificate-cover.js";
import type { StoreTransactions } from "./store.js";
import type { CertificateCoverTable } from "./store-certificate-cover.js";

/** The table as a store that answers at once implements it. */
export interface ImmediateCertificateCoverTable extends CertificateCoverTable {
  unsettled(): CoverBuilding[] | undefined;
  saveCover(buildings: readonly BuildingCover[]): void;
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return value instanceof Promise;
}

/** Reallocates every building marked since the last settle, in the caller's transaction. */
export function settleCertificateCover(table: ImmediateCertificateCoverTable): void;
export function settleCertificateCover(table: CertificateCoverTable): Promise<void> | undefined;
export function settleCertificateCover(table: CertificateCoverTable): Promise<void> | undefined {
  const unsettled = table.unsettled();
  if (isPromise(unsettled)) {
    return unsettled.then(async (buildings) => {
      if (buildings !== undefined) await table.saveCover(coverOf(buildings));
    });
  }
  if (unsettled === undefined) return undefined;
  const saved = table.saveCover(coverOf(unsettled));
  return isPromise(saved) ? saved : undefined;
}

/** The writes of `transactions`, each settling the coverage it changed before it commits. */
export function settlingCoverage(transactions: StoreTransactions): StoreTransactions {
  return {
    read: (fn) => transactions.read(fn),
    write: (fn) =>
      transactions.write(async (tx) => {
        const value = await fn(tx);
        await settleCertificateCover(tx.certificateCover);
        return value;
      }),
  };
}
