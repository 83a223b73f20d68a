/** What several descriptors share: how a list's query text is read, and company-owned records. */
import { z } from "zod";
import { uuidSchema } from "../model/common.js";

/** One query value: a parameter given twice is an error, named so. */
export const oneValue = z.string({ error: "expected one value" });

/** One query value, a UUID (surrounding spaces ignored). */
export const oneUuid = oneValue.trim().pipe(uuidSchema);

/**
 * Whether a record's id field (its company, its building) meets a filter's: no filter, or the
 * same id; a record answered without one does not meet a filter naming one.
 */
export function sameId(value: string | null | undefined, wanted: string | undefined): boolean {
  return wanted === undefined || value?.toLowerCase() === wanted.toLowerCase();
}

interface Owned {
  readonly id: string;
  readonly companyId: string;
}

/**
 * The descriptor fields of records that each belong to one company (`companyId`) and are listed
 * by it: the id, the scope, the company a filter names, and one company's filter.
 */
export function companyOwned<T extends Owned, I extends Owned, F extends { companyId?: string }>() {
  return {
    idOf: (value: T | I): string => value.id,
    scope: (value: T | I): string => value.companyId,
    filterScope: (filter: F): string | undefined => filter.companyId,
    ofCompany: (filter: F, companyId: string): F => ({ ...filter, companyId }),
  };
}
