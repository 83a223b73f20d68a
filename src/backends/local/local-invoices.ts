/** The local engine's invoices part: reads, upserts and batches (imports) on the SQLite file. */
import { type FieldIssue, isCarbonError, validationError } from "../../core/errors.js";
import type { Invoice } from "../../core/model/invoice.js";
import type { InvoicesPort } from "../../core/ports/invoices.js";
import type { InvoiceWriteParts } from "./invoice-lines.js";
import type { InvoiceRepository } from "./invoices.js";
import { rolledBack, withRollback } from "./transaction-tools.js";

export interface InvoicesPartContext {
  readonly invoices: InvoiceRepository;
  readonly parts: InvoiceWriteParts;
  read<T>(fn: () => T): T;
  /** A write transaction (the invoice, its consumptions and emissions together). */
  write<T>(fn: () => T): T;
}

/** Each invoice's problems, with paths prefixed by its index in the batch. */
function batchIssues(index: number, error: unknown): FieldIssue[] {
  if (!isCarbonError(error) || error.code === "internal" || error.code === "unavailable") {
    throw error;
  }
  if (error.issues.length === 0) return [{ path: `${index}`, message: error.message }];
  return error.issues.map((issue) => ({
    path: issue.path === "" ? `${index}` : `${index}.${issue.path}`,
    message: issue.message,
  }));
}

export function localInvoices(context: InvoicesPartContext): InvoicesPort {
  const { invoices, parts } = context;
  return {
    list: async (query) => context.read(() => invoices.list(query)),
    get: async (id) => context.read(() => invoices.get(id)),
    upsert: async (input) => context.write(() => invoices.upsert(input, parts)),
    async write(inputs, options) {
      let inserted = 0;
      const run = (): Invoice[] => {
        const issues: FieldIssue[] = [];
        const stored: Invoice[] = [];
        inputs.forEach((input, index) => {
          try {
            const isNew = typeof input.id !== "string" || invoices.find(input.id) === undefined;
            stored.push(invoices.upsert(input, parts));
            if (isNew) inserted += 1;
          } catch (error) {
            issues.push(...batchIssues(index, error));
          }
        });
        const first = issues[0];
        if (first !== undefined) {
          // Thrown inside the transaction: nothing of the batch is kept.
          throw validationError(`invoices rejected: ${first.path}: ${first.message}`, issues);
        }
        return stored;
      };
      const stored = options.dryRun
        ? rolledBack(() => context.write(withRollback(run)))
        : context.write(run);
      return { invoices: stored, inserted, committed: !options.dryRun };
    },
  };
}
