/** What several descriptors share: how a list's query text is read, and company-owned records. */
import { z } from "zod";
import { uuidSchema } from "../model/common.js";

/** One query value: a parameter given twice is an error, named so. */
export const oneValue = z.string({ error: "expected one value" });

/** One query value, a UUID (surrounding spaces ignored). */
export const oneUuid = oneValue.trim().pipe(uuidSchema);

/** One UUID or several (`?buildingIds[]=a&buildingIds[]=b`), as a list without repeats. */
export const uuidList = z
  .union([oneValue, z.array(oneValue)])
  .transform((value) => (Array.isArray(value) ? value : [value]))
  .pipe(z.array(uuidSchema).min(1))
  .transform((ids) => [...new Set(ids.map((id) => id.toLowerCase()))]);

/** The texts of a parsed query value that is a list (anything else: none). */
export function texts(value: unknown): string[] | undefined {
  return Array.isArray(value) ? value.filter((one) => typeof one === "string") : undefined;
}

/**
 * The buildings a list query names under any of its names (ours, `buildingId`, and the hosted
 * service's list, `buildingIds[]` or `buildingIds`), as one list; none: undefined.
 */
export function buildingsOfQuery(query: {
  readonly buildingId?: string | undefined;
  readonly "buildingIds[]"?: readonly string[] | undefined;
  readonly buildingIds?: readonly string[] | undefined;
}): string[] | undefined {
  const named = [
    ...(query.buildingId === undefined ? [] : [query.buildingId]),
    ...(query["buildingIds[]"] ?? []),
    ...(query.buildingIds ?? []),
  ];
  return named.length === 0 ? undefined : [...new Set(named.map((id) => id.toLowerCase()))];
}

/**
 * Whether a record's id field (its company, its building) meets a filter's: no filter, or the
 * same id, or one of them; a record answered without one does not meet a filter naming one.
 */
export function sameId(
  value: string | null | undefined,
  wanted: string | readonly string[] | undefined,
): boolean {
  if (wanted === undefined) return true;
  const id = value?.toLowerCase();
  return typeof wanted === "string"
    ? id === wanted.toLowerCase()
    : wanted.some((one) => id === one.toLowerCase());
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
