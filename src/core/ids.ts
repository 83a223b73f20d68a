import { hash, randomUUID } from "node:crypto";

/** Namespace of every name-based UUID this tool derives (RFC 9562 v5). Never change it. */
export const CARBON_NAMESPACE = "3a2b7c1e-5d4f-4e8a-9b6c-0d1e2f3a4b5c";

const namespaceBytes = Buffer.from(CARBON_NAMESPACE.replaceAll("-", ""), "hex");
/** The namespace followed by the name being hashed: one buffer reused for every short name. */
const scratch = Buffer.allocUnsafe(4096);
namespaceBytes.copy(scratch, 0);
/** `views[n]`: the first n bytes of `scratch`, made once each (a view per call is an allocation). */
const views: Buffer[] = [];

function scratchView(length: number): Buffer {
  let view = views[length];
  if (view === undefined) {
    view = scratch.subarray(0, length);
    views[length] = view;
  }
  return view;
}
/** Hex digit of the variant nibble (10xx) for each hex digit of the hash at that place. */
const variantDigits = "89ab89ab89ab89ab";

/**
 * RFC 9562 UUID version 5 (SHA-1, name-based) of `name` in the carbon namespace. One-shot
 * `crypto.hash` over namespace+name in a reused buffer, formatted from its hex digest: a
 * million-row import derives a million of these.
 */
export function uuidV5(name: string): string {
  let data: Buffer;
  if (name.length * 3 <= scratch.length - 16) {
    data = scratchView(16 + scratch.write(name, 16, "utf8"));
  } else {
    data = Buffer.concat([namespaceBytes, Buffer.from(name, "utf8")]);
  }
  const hex = hash("sha1", data, "hex");
  const variant = variantDigits[Number.parseInt(hex.charAt(16), 16)] ?? "8";
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
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

/**
 * What `uuidSchema` (zod's z.uuid()) accepts: RFC 9562 versions 1 to 8 with the RFC variant, the
 * nil and the max UUID; kept equal so an import row is refused exactly when a request body would be
 * (test/unit/import/row-validator-schema.test.ts feeds both the same ids).
 */
const uuidPattern =
  /^(?:[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-[0-9a-fA-F]{12}|0{8}-0{4}-0{4}-0{4}-0{12}|f{8}-f{4}-f{4}-f{4}-f{12})$/;

export function isUuid(value: string): boolean {
  return uuidPattern.test(value);
}

/** The consumption of an invoice's line: the same on every save, so a re-save updates it. */
export function invoiceLineConsumptionId(invoiceId: string, index: number): string {
  return uuidV5(`invoice-line\u0000${invoiceId.toLowerCase()}\u0000${index}`);
}
