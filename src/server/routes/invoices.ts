/**
 * Invoices: `GET /invoices` (the spec's) and `GET /invoices/{id}` come from the descriptor
 * (src/core/resources/invoices.ts); the upsert, below, answers as the hosted service does,
 * `{status: "ok", invoice}`, the invoice with its lines' consumptions and emissions.
 * `DELETE /invoices/{id}` is among the deletions (deletions.ts).
 */
import { z } from "zod";
import { invoicesResource } from "../../core/resources/invoices.js";
import { findOrUndefined } from "../access.js";
import { noQuery } from "../input.js";
import { defineRoute, type Route, upserted } from "../route.js";

const { operations, summaries, schemaNames } = invoicesResource;

const upsertAnswerSchema = z.object({
  status: z.literal("ok"),
  invoice: invoicesResource.record,
});

export const invoiceRoutes: readonly Route[] = [
  defineRoute({
    method: "POST",
    path: operations.upsert.path,
    summary: summaries.upsert,
    extension: !operations.upsert.spec,
    query: noQuery,
    body: invoicesResource.input,
    bodyName: schemaNames.input,
    statuses: [201, 200],
    response: { name: "InvoiceUpsertAnswer", schema: upsertAnswerSchema },
    async handle({ service, access, body }) {
      access.company(body.companyId);
      const before = await findOrUndefined(() => service.invoices.get(body.id));
      // A stored invoice out of the token's scope is missing to it: its company is not told.
      if (before !== undefined) access.company(before.companyId);
      access.mayWriteAs("invoices", invoicesResource.writers);
      const invoice = await service.invoices.upsert(body);
      return upserted(before === undefined, { status: "ok", invoice });
    },
  }),
];
