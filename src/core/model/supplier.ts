import { z } from "zod";
import { uuidV5 } from "../ids.js";
import { noControlCharacters, type PageQuery, uuidSchema } from "./common.js";
import type { UpsertOutcome } from "./consumption.js";
import { emailProblem } from "./text-values.js";
import { answerDateTimeSchema, answerIdSchema } from "./wire.js";

/**
 * Suppliers and clients (docs/suppliers.md). The spec's supplier body (id, name, email, address,
 * companyId, externalId) plus the kind, which the spec leaves unnamed: here it is `type`, one of
 * `suppliers` or `clients`.
 *
 * Required: name, companyId, type, and either id or externalId. Without id the id is derived
 * from the company and the externalId (`supplierId`), so importing the same file twice changes
 * nothing. email (checked as an address), address and externalId are optional; an empty text
 * is the same as none. One externalId names one supplier within a company.
 */
export const supplierTypes = ["suppliers", "clients"] as const;
export type SupplierType = (typeof supplierTypes)[number];

/** Blank text (or null) -> null; anything else trimmed. */
function optionalText(max: number, what: string) {
  return z
    .string()
    .nullish()
    .transform((value) => {
      const trimmed = value?.trim() ?? "";
      return trimmed === "" ? null : trimmed;
    })
    .pipe(
      z
        .string()
        .max(max, `expected ${what} of at most ${max} characters`)
        .check(noControlCharacters)
        .nullable(),
    );
}

export const supplierEmailSchema = optionalText(254, "an e-mail address").superRefine(
  (value, ctx) => {
    const problem = value === null ? undefined : emailProblem(value);
    if (problem === undefined) return;
    ctx.addIssue({
      code: "custom",
      message: `expected an e-mail address such as name@example.com, got "${value}": ${problem}`,
    });
  },
);

export const supplierInputSchema = z
  .strictObject({
    id: uuidSchema.optional(),
    name: z
      .string({ error: "expected a name" })
      .trim()
      .check(noControlCharacters)
      .min(1, "expected a non-empty name")
      .max(200),
    email: supplierEmailSchema,
    address: optionalText(500, "an address"),
    companyId: uuidSchema,
    externalId: optionalText(200, "an externalId"),
    type: z.enum(supplierTypes, { error: "expected suppliers or clients" }),
  })
  .refine((value) => value.id !== undefined || value.externalId !== null, {
    path: ["id"],
    message: "expected an id, or an externalId to derive it from",
  });
/** What a caller sends (optional fields may be left out). */
export type SupplierInput = z.input<typeof supplierInputSchema>;
/** After parsing: trimmed, blanks as null. */
export type ParsedSupplierInput = z.output<typeof supplierInputSchema>;

/** A supplier as carbon serve stores, answers and documents it. */
export const supplierSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  type: z.enum(supplierTypes),
  name: z.string(),
  email: z.string().nullable(),
  address: z.string().nullable(),
  externalId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type StoredSupplier = z.infer<typeof supplierSchema>;

/** A supplier as any server of the interface answers it: the spec's `{id, name, email}` needed. */
const supplierAnswerFields = z.object({
  id: answerIdSchema,
  name: z.string(),
  email: z.string().nullable().default(null),
  companyId: answerIdSchema.optional(),
  type: z.enum(supplierTypes).optional(),
  address: z.string().nullable().default(null),
  externalId: z.string().nullable().default(null),
  createdAt: answerDateTimeSchema.optional(),
  updatedAt: answerDateTimeSchema.optional(),
});
/** Unknown fields are kept, so `--json` prints what the server said. */
export const supplierAnswerSchema = supplierAnswerFields.loose();
export type Supplier = z.output<typeof supplierAnswerFields>;

/** The spec's upsert response `{id, name, email}`, plus what the upsert did (carbon serve). */
export const supplierUpsertResultSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  email: z.string().nullable(),
  outcome: z.enum(["inserted", "updated", "unchanged"]),
});

/**
 * The upsert's answer from any server: the spec's `{id, name, email}` needed; without an
 * outcome (a server that does not say) it is reported as updated, the write having been done.
 */
export const supplierUpsertAnswerSchema = z
  .object({
    id: answerIdSchema,
    name: z.string(),
    email: z.string().nullable().default(null),
    outcome: z.enum(["inserted", "updated", "unchanged"]).optional(),
  })
  .loose();
export interface SupplierUpsertResult {
  readonly id: string;
  readonly name: string;
  readonly email: string | null;
  /** Absent when the server does not say (the spec's answer is only `{id, name, email}`). */
  readonly outcome?: UpsertOutcome;
}

export interface SupplierQuery extends PageQuery {
  readonly companyId?: string;
  readonly type?: SupplierType;
}

export interface SupplierWriteOptions {
  /** Check and count everything, store nothing. */
  readonly dryRun?: boolean;
}

export interface SupplierBatchOptions {
  readonly dryRun: boolean;
  /** Store the good rows even when some fail (else nothing is stored when one fails, locally). */
  readonly skipInvalid: boolean;
}

/** A row of a batch the engine refused (unknown company, conflict...), by its index. */
export interface SupplierRowProblem {
  readonly index: number;
  /** Field of the supplier body (`companyId`, `externalId`...) or "" for the row. */
  readonly field: string;
  readonly message: string;
}

export interface SupplierBatchResult {
  /** One per input row, in order; undefined for a refused row. */
  readonly results: readonly (SupplierUpsertResult | undefined)[];
  readonly problems: readonly SupplierRowProblem[];
  /** Whether the good rows are stored (false for a dry run, or when a row failed without skipInvalid). */
  readonly committed: boolean;
}

/** The id of a supplier given without one: the same company and externalId, the same id. */
export function supplierId(companyId: string, externalId: string): string {
  return uuidV5(`supplier:${companyId.toLowerCase()}|${externalId}`);
}

/** The id the upsert uses: the given one, else derived from company and externalId. */
export function effectiveSupplierId(input: ParsedSupplierInput): string {
  if (input.id !== undefined) return input.id.toLowerCase();
  return supplierId(input.companyId, input.externalId ?? "");
}
