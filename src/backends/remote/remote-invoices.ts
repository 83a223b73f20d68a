/**
 * The invoices part of the remote engine: list and get derived from the descriptor
 * (resource-client.ts); the upsert checks the invoice here first, sends the spec's
 * `POST /invoices` and reads our answer or the hosted `{status: "ok", invoice}`, or, when a server
 * sends no invoice back, the invoice as sent. A batch is checked whole before anything is sent.
 */

import { z } from "zod";
import { type FieldIssue, isCarbonError, validationError } from "../../core/errors.js";
import {
  type Invoice,
  invoiceAnswerSchema,
  invoiceInputSchema,
  type ParsedInvoice,
} from "../../core/model/invoice.js";
import type { InvoicesPort } from "../../core/ports/invoices.js";
import { invoicesResource } from "../../core/resources/invoices.js";
import { parseInput } from "../../core/validate.js";
import type { ServerCapabilities } from "./capabilities.js";
import type { HttpClient } from "./client.js";
import { presentFields, remoteResource } from "./resource-client.js";

/** The invoice a server answered, or nothing when its success said no more. */
const upsertAnswerSchema = z.union([invoiceAnswerSchema, z.unknown().transform(() => undefined)]);

/** What was sent, as a record, for a server that answers only `{status: "ok"}`. */
function asSent(invoice: ParsedInvoice): Invoice {
  return {
    ...invoice,
    lines: invoice.lines.map((line) => ({ ...line, emissionEntityId: null, emissions: null })),
  };
}

export function remoteInvoices(client: HttpClient, capabilities: ServerCapabilities): InvoicesPort {
  const invoices = remoteResource(client, capabilities, invoicesResource);
  async function send(invoice: ParsedInvoice): Promise<Invoice> {
    const answer = await client.request("POST", invoicesResource.operations.upsert.path, {
      schema: upsertAnswerSchema,
      // Absent fields are left out, of the lines too: never null.
      body: { ...Object(presentFields(invoice)), lines: invoice.lines.map(presentFields) },
    });
    return answer ?? asSent(invoice);
  }
  return {
    ...invoices,
    upsert: async (input) => send(parseInput(invoiceInputSchema, input, "invoice")),
    async write(inputs, options) {
      const parsed: ParsedInvoice[] = [];
      const issues: FieldIssue[] = [];
      inputs.forEach((input, index) => {
        try {
          parsed.push(parseInput(invoiceInputSchema, input, "invoice"));
        } catch (error) {
          if (!isCarbonError(error)) throw error;
          for (const issue of error.issues) {
            issues.push({ path: `${index}.${issue.path}`, message: issue.message });
          }
        }
      });
      const first = issues[0];
      if (first !== undefined) {
        throw validationError(`invoices rejected: ${first.path}: ${first.message}`, issues);
      }
      // A dry run sends no write: the server's own checks are not asked.
      if (options.dryRun) {
        return { invoices: parsed.map(() => undefined), inserted: undefined, committed: false };
      }
      const stored: Invoice[] = [];
      for (const invoice of parsed) stored.push(await send(invoice));
      return { invoices: stored, inserted: undefined, committed: true };
    },
  };
}
