/**
 * Invoices as a plain resource (docs/invoices.md). The spec has the listing and the upsert
 * (`GET, POST /invoices`); the get by id is the hosted service's, read from the listing where a
 * server does not announce it. The upsert's route is the resource's own
 * (src/server/routes/invoices.ts): it answers the hosted `{status, invoice}`.
 */
import { z } from "zod";
import { isoDateSchema, uuidSchema } from "../model/common.js";
import {
  type Invoice,
  type InvoiceInput,
  type InvoiceType,
  invoiceAnswerSchema,
  invoiceInputSchema,
  invoiceSchema,
  invoiceTypes,
} from "../model/invoice.js";
import type { ResourceDescriptor } from "../resource.js";
import {
  buildingsOfQuery,
  companyOwned,
  oneUuid,
  oneValue,
  sameId,
  texts,
  uuidList,
} from "./fields.js";

/** Without a company: every company the token sees. */
export interface InvoiceFilter {
  readonly companyId?: string;
  /** Invoices of any of these buildings (the hosted service's `buildingIds[]`). */
  readonly buildingIds?: readonly string[];
  readonly type?: InvoiceType;
  /** The hosted service's period filter: invoices billing a day on or after it. */
  readonly startDate?: string;
  /** Invoices billing a day on or before it. */
  readonly endDate?: string;
}

const typeSchema = z.enum(invoiceTypes, { error: `expected one of ${invoiceTypes.join(", ")}` });

export const invoicesResource: ResourceDescriptor<Invoice, InvoiceInput, InvoiceFilter> = {
  name: "invoices",
  singular: "invoice",
  record: invoiceSchema,
  // What a remote answer needs (a server of the spec may answer fewer fields); unknown fields kept.
  answer: invoiceAnswerSchema,
  input: invoiceInputSchema,
  schemaNames: { record: "Invoice", input: "InvoiceInput" },
  filter: z.strictObject({
    companyId: uuidSchema.optional(),
    buildingIds: z.array(uuidSchema).min(1).optional(),
    type: typeSchema.optional(),
    startDate: isoDateSchema.optional(),
    endDate: isoDateSchema.optional(),
  }),
  filterFields: {
    companyId: oneUuid.optional(),
    buildingId: oneUuid.optional().meta({ description: "one building (ours, as before)" }),
    "buildingIds[]": uuidList.optional().meta({ description: "buildings, any of them match" }),
    buildingIds: uuidList.optional().meta({ description: "the same as buildingIds[]" }),
    type: oneValue.trim().pipe(typeSchema).optional(),
    startDate: oneValue.trim().pipe(isoDateSchema).optional(),
    endDate: oneValue.trim().pipe(isoDateSchema).optional(),
  },
  listQuery: (filter) => ({
    companyId: filter.companyId,
    "buildingIds[]": filter.buildingIds,
    type: filter.type,
    startDate: filter.startDate,
    endDate: filter.endDate,
  }),
  // Our one building and the hosted list, as the filter's list.
  fromQuery: ({ buildingId, "buildingIds[]": listed, buildingIds, ...rest }) => ({
    ...rest,
    buildingIds: buildingsOfQuery({
      buildingId: typeof buildingId === "string" ? buildingId : undefined,
      "buildingIds[]": texts(listed),
      buildingIds: texts(buildingIds),
    }),
  }),
  order: [
    { name: "companyId", value: (record) => record.companyId },
    { name: "startDate", value: (record) => record.startDate ?? "" },
    { name: "id", value: (record) => record.id },
  ],
  ...companyOwned<Invoice, InvoiceInput, InvoiceFilter>(),
  // The spec's listing without a company holds every invoice the token sees: a get reads it.
  everything: {},
  writers: ["admin", "member"],
  operations: {
    list: { path: "/invoices", spec: true },
    get: { path: "/invoices/{id}", spec: false },
    upsert: { path: "/invoices", spec: true },
  },
  // The answer is the hosted `{status: "ok", invoice}`: routes/invoices.ts.
  ownRoutes: ["upsert"],
  matches: (invoice, filter) => invoiceMatches(invoice, filter),
  summaries: {
    list: "List invoices, of one company (and building, type) or of every company the token sees",
    get: "Get one invoice with its lines' consumptions and emissions",
    upsert:
      "Create or update an invoice by its id, with its lines' consumptions and emissions (member, admin)",
  },
};

/**
 * Whether an invoice meets a list filter: what a client checks of a server's answer, since the
 * specification defines no list parameter a server must honour. Its company and type must be
 * the filter's, its building one of the filter's (an invoice answered without a building cannot
 * be shown to be a building's); one answered without its period is kept (nothing says it falls
 * outside).
 */
export function invoiceMatches(invoice: Invoice, filter: InvoiceFilter): boolean {
  return (
    sameId(invoice.companyId, filter.companyId) &&
    sameId(invoice.buildingId, filter.buildingIds) &&
    (filter.type === undefined || invoice.type === filter.type) &&
    (filter.startDate === undefined ||
      invoice.endDate === null ||
      invoice.endDate >= filter.startDate) &&
    (filter.endDate === undefined ||
      invoice.startDate === null ||
      invoice.startDate <= filter.endDate)
  );
}

declare module "../resource-types.js" {
  interface ResourceTypes {
    readonly invoices: {
      readonly record: Invoice;
      readonly input: InvoiceInput;
      readonly filter: InvoiceFilter;
    };
  }
}
