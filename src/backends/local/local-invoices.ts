/**
 * The local engine's invoices part: the rules (src/rules/invoices.ts) in the store's
 * transactions, with the consumption writer (driver code not on the port yet) writing the
 * consumptions of the invoices' lines.
 */
import type { InvoicesPort } from "../../core/ports/invoices.js";
import type { ConsumptionWriter } from "../../rules/consumption-writer.js";
import {
  getInvoice,
  type InvoiceConsumptionWriter,
  listInvoices,
  upsertInvoice,
  writeInvoices,
} from "../../rules/invoices.js";
import type { StoreTransaction, StoreTransactions } from "../../rules/store.js";
import { rolledBackRule } from "./transaction-tools.js";

/** What the invoices' consumptions are written with. */
export interface InvoiceDriver {
  readonly writer: ConsumptionWriter;
  /** Deletes consumptions, audited, inside the transaction `tx`. */
  removeConsumptions(tx: StoreTransaction, ids: readonly string[]): Promise<number>;
}

/** The consumption writer as the invoice rules ask for it: one call per batch of invoices. */
function invoiceConsumptions(driver: InvoiceDriver): InvoiceConsumptionWriter {
  return {
    async apply(tx, changes, path) {
      // The vehicles and custom inputs the rows may name: read once per company for the batch.
      const lookups = tx.consumptions.lookups();
      const errors: unknown[] = [];
      for (const { gone, rows, company, building } of changes) {
        try {
          if (gone.length > 0) await driver.removeConsumptions(tx, gone);
          if (rows.length > 0) {
            // An invoice's lines are consumptions of its own company and building.
            const refs = {
              company: (id: string) => (id.toLowerCase() === company.id ? company : undefined),
              building: (id: string) => (id.toLowerCase() === building.id ? building : undefined),
            };
            await driver.writer.write(tx, rows, refs, path, undefined, lookups);
          }
          errors.push(undefined);
        } catch (error) {
          errors.push(error);
        }
      }
      return errors;
    },
  };
}

export function localInvoices(rules: StoreTransactions, driver: InvoiceDriver): InvoicesPort {
  const writer = invoiceConsumptions(driver);
  return {
    list: (query) => rules.read((t) => listInvoices(t, query)),
    get: (id) => rules.read((t) => getInvoice(t, id)),
    upsert: (input) => rules.write((t) => upsertInvoice(t, input, writer)),
    // One transaction: a refused invoice stores none of them; a dry run rolls it back.
    async write(inputs, options) {
      const run = (t: StoreTransaction) => writeInvoices(t, inputs, writer);
      if (!options.dryRun) return { ...(await rules.write(run)), committed: true };
      return { ...(await rolledBackRule(rules, run)), committed: false };
    },
  };
}
