import { createHash, randomUUID } from "node:crypto";

/** Namespace of every name-based UUID this tool derives (RFC 9562 v5). Never change it. */
export const CARBON_NAMESPACE = "3a2b7c1e-5d4f-4e8a-9b6c-0d1e2f3a4b5c";

const namespaceBytes = Buffer.from(CARBON_NAMESPACE.replaceAll("-", ""), "hex");

/** RFC 9562 UUID version 5 (SHA-1, name-based) of `name` in the carbon namespace. */
export function uuidV5(name: string): string {
  const hash = createHash("sha1").update(namespaceBytes).update(name, "utf8").digest();
  hash[6] = ((hash[6] ?? 0) & 0x0f) | 0x50;
  hash[8] = ((hash[8] ?? 0) & 0x3f) | 0x80;
  const hex = hash.toString("hex", 0, 16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

export function newId(): string {
  return randomUUID();
}

/** Stable id of a category, the same on every install. */
export function categoryId(code: string): string {
  return uuidV5(`category:${code}`);
}

export interface ConsumptionNaturalKey {
  readonly companyId: string;
  readonly buildingId: string;
  readonly categoryId: string;
  readonly entityId: string;
  readonly startDate: string;
  readonly endDate: string;
}

/**
 * The id a consumption gets when its row carries none: importing the same file twice changes
 * nothing, and a corrected quantity updates the row instead of duplicating it.
 */
export function consumptionId(key: ConsumptionNaturalKey): string {
  return uuidV5(
    `consumption:${key.companyId}|${key.buildingId}|${key.categoryId}|${key.entityId}|${key.startDate}|${key.endDate}`,
  );
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}
