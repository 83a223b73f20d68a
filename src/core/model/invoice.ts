import { z } from "zod";
import {
  countrySchema,
  inputDateTimeSchema,
  isoDateTimeSchema,
  noControlCharacters,
  uuidSchema,
} from "./common.js";
import { quantityProblem } from "./text-values.js";
import { wasteTreatments } from "./waste-operator.js";
import { answerDateSchema, answerIdSchema, answerNumberSchema } from "./wire.js";

/**
 * Invoices (docs/invoices.md), with the hosted service's names: a bill of a company's building
 * for a period, whose lines (quantity and unit) become consumptions when the invoice is valid.
 */
export const invoiceTypes = [
  "heat",
  "fuel",
  "electricity",
  "generated-energy",
  "process-emissions",
  "water",
  "wastes",
  "wastes-expenses",
  "others",
  "waste-water",
] as const;
export type InvoiceType = (typeof invoiceTypes)[number];

export const invoiceStatuses = ["valid", "draft"] as const;
export type InvoiceStatus = (typeof invoiceStatuses)[number];

/** How a line counts: calculated, stored but awaiting a factor, or not counted at all. */
export const lineEmissionStatuses = ["calculated", "awaiting_factor", "not_counted"] as const;
export type LineEmissionStatus = (typeof lineEmissionStatuses)[number];

export const MAX_INVOICE_LINES = 1000;

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string({ error: `expected one of ${values.join(", ")}` })
    .transform((value) => value.trim().toLowerCase())
    .pipe(z.enum(values, { error: `expected one of ${values.join(", ")}` }));

/** Blank text (or null, or absent) is none; anything else trimmed, at most `max` characters. */
const optionalText = (max: number) =>
  z
    .string({ error: "expected a text" })
    .nullish()
    .transform((value) => {
      const trimmed = value?.trim() ?? "";
      return trimmed === "" ? null : trimmed;
    })
    .pipe(
      z
        .string()
        .max(max, `expected at most ${max} characters`)
        .check(noControlCharacters)
        .nullable(),
    );

/** A date or date-time, kept as its UTC calendar date. */
const invoiceDateSchema = inputDateTimeSchema.transform((value) => value.slice(0, 10));

export const invoiceLineInputSchema = z.strictObject({
  quantity: z
    .number({ error: "expected a number" })
    .finite("expected a finite number")
    .min(0, "expected a quantity of 0 or more")
    .superRefine((value, ctx) => {
      const problem = quantityProblem(value);
      if (problem !== undefined) ctx.addIssue({ code: "custom", message: problem });
    }),
  unit: z
    .string({ error: "expected a unit such as kWh, l, m3 or t" })
    .trim()
    .min(1, "expected a unit such as kWh, l, m3 or t")
    .max(20)
    .check(noControlCharacters),
  /** A fuel's subcategory code (`natural_gas`, `diesel`): heat and fuel invoices. */
  fuel: optionalText(100).transform((value) => value?.toLowerCase() ?? null),
  /** The hosted service's line type, kept as given. */
  type: optionalText(100),
});
export type InvoiceLineInput = z.input<typeof invoiceLineInputSchema>;
export type InvoiceLine = z.output<typeof invoiceLineInputSchema>;

export const invoiceInputSchema = z
  .strictObject({
    id: uuidSchema,
    type: choice(invoiceTypes),
    status: choice(invoiceStatuses).default("valid"),
    companyId: uuidSchema,
    buildingId: uuidSchema,
    startDate: invoiceDateSchema,
    endDate: invoiceDateSchema,
    /** The supply point (CUPS in Spain), upper case without spaces. */
    cup: optionalText(40).transform((value) => value?.replace(/\s+/g, "").toUpperCase() ?? null),
    supplier: optionalText(200),
    totalCost: z
      .number({ error: "expected a number" })
      .finite("expected a finite number")
      .min(0, "expected a cost of 0 or more"),
    currency: z
      .string({ error: "expected an ISO 4217 currency code such as EUR" })
      .transform((value) => value.trim().toUpperCase())
      .pipe(z.string().regex(/^[A-Z]{3}$/, "expected an ISO 4217 currency code such as EUR")),
    countryCode: countrySchema.nullish().transform((value) => value ?? null),
    externalId: optionalText(200),
    /** An EU List of Waste code (`20 03 01`) or a waste material of the library (`paper`). */
    wasteType: optionalText(100),
    wasteDisposalMethod: choice(wasteTreatments)
      .nullish()
      .transform((value) => value ?? null),
    wasteOperatorId: uuidSchema.nullish().transform((value) => value?.toLowerCase() ?? null),
    /** A custom input (provider or heat) of the company: its lines' consumptions name it. */
    provider: uuidSchema.nullish().transform((value) => value?.toLowerCase() ?? null),
    lines: z
      .array(invoiceLineInputSchema, { error: "expected a list of lines" })
      .max(MAX_INVOICE_LINES, `expected at most ${MAX_INVOICE_LINES} lines`)
      .default([]),
  })
  .superRefine((invoice, ctx) => {
    if (invoice.endDate < invoice.startDate) {
      ctx.addIssue({ code: "custom", path: ["endDate"], message: "endDate is before startDate" });
    }
    if (invoice.type === "wastes") {
      if (invoice.wasteDisposalMethod === null) {
        ctx.addIssue({
          code: "custom",
          path: ["wasteDisposalMethod"],
          message: `a waste invoice needs its disposal route: one of ${wasteTreatments.join(", ")}`,
        });
      }
      if (invoice.wasteType === null) {
        ctx.addIssue({
          code: "custom",
          path: ["wasteType"],
          message: "a waste invoice needs its waste type: a List of Waste code or a material",
        });
      }
    }
  });
export type InvoiceInput = z.input<typeof invoiceInputSchema>;
export type ParsedInvoice = z.output<typeof invoiceInputSchema>;

/** A line as answered: what was saved, and the consumption and emission it gave. */
export const invoiceLineSchema = z.object({
  quantity: z.number(),
  unit: z.string(),
  fuel: z.string().nullable(),
  type: z.string().nullable(),
  /** The line's consumption (`entityId` = the invoice's id); null when it has none. */
  emissionEntityId: uuidSchema.nullable(),
  /** kg CO2e (location-based); null unless calculated. */
  emissions: z.number().nullable(),
  emissionStatus: z.enum(lineEmissionStatuses),
});

/** An invoice as carbon serve answers it (and documents it). */
export const invoiceSchema = z.object({
  id: uuidSchema,
  type: z.enum(invoiceTypes),
  status: z.enum(invoiceStatuses),
  companyId: uuidSchema,
  buildingId: uuidSchema,
  startDate: z.string(),
  endDate: z.string(),
  cup: z.string().nullable(),
  supplier: z.string().nullable(),
  totalCost: z.number(),
  currency: z.string(),
  countryCode: z.string().nullable(),
  externalId: z.string().nullable(),
  wasteType: z.string().nullable(),
  wasteDisposalMethod: z.enum(wasteTreatments).nullable(),
  wasteOperatorId: uuidSchema.nullable(),
  provider: uuidSchema.nullable(),
  lines: z.array(invoiceLineSchema),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});

const answerLineSchema = z
  .object({
    quantity: answerNumberSchema,
    unit: z.string().default(""),
    fuel: z.string().nullable().default(null),
    type: z.string().nullable().default(null),
    emissionEntityId: z.string().nullable().default(null),
    emissions: answerNumberSchema.nullable().default(null),
    emissionStatus: z.string().optional(),
  })
  .loose();

/**
 * An invoice as any server answers it: id, type and company needed; the hosted service's
 * `{status: "ok", invoice: {...}}` (its upsert's answer) read as the invoice.
 */
const invoiceAnswerFields = z.object({
  id: answerIdSchema,
  type: z.string(),
  status: z.string().default("valid"),
  companyId: answerIdSchema,
  buildingId: answerIdSchema.nullable().default(null),
  startDate: answerDateSchema.nullable().default(null),
  endDate: answerDateSchema.nullable().default(null),
  cup: z.string().nullable().default(null),
  supplier: z.string().nullable().default(null),
  totalCost: answerNumberSchema.nullable().default(null),
  currency: z.string().nullable().default(null),
  countryCode: z.string().nullable().default(null),
  externalId: z.string().nullable().default(null),
  wasteType: z.string().nullable().default(null),
  wasteDisposalMethod: z.string().nullable().default(null),
  wasteOperatorId: z.string().nullable().default(null),
  // Another server may answer a provider in its own shape: only an id is read.
  provider: z.string().nullable().default(null).catch(null),
  lines: z
    .array(answerLineSchema)
    .nullable()
    .default([])
    .transform((lines) => lines ?? []),
  createdAt: z.string().optional(),
  updatedAt: z.string().optional(),
});
export type Invoice = z.output<typeof invoiceAnswerFields>;

/** The hosted upsert's `{status, invoice}` as the invoice; anything else as it is. */
export function unwrapInvoice(value: unknown): unknown {
  if (typeof value !== "object" || value === null || !("invoice" in value)) return value;
  const inner = value.invoice;
  return typeof inner === "object" && inner !== null && !Array.isArray(inner) ? inner : value;
}

/** Unknown fields are kept, so `--json` prints what the server said. */
export const invoiceAnswerSchema = z.preprocess(unwrapInvoice, invoiceAnswerFields.loose());
