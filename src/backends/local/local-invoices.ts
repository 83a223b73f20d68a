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
import type { BuildingRepository } from "../../store/sqlite/buildings.js";
import type { CompanyRepository } from "../../store/sqlite/companies.js";
import { rolledBackRule } from "./transaction-tools.js";

/** What the invoices' consumptions are written with. */
export interface InvoiceDriver {
  readonly writer: ConsumptionWriter;
  readonly companies: CompanyRepository;
  readonly buildings: BuildingRepository;
  /** Deletes consumptions, audited, inside the current transaction. */
  removeConsumptions(ids: readonly string[]): Promise<number>;
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
          if (gone.length > 0) await driver.removeConsumptions(gone);
          if (rows.length > 0) {
            const refs = {
              company: (id: string) => (id === company.id ? company : driver.companies.find(id)),
              building: (id: string) => (id === building.id ? building : driver.buildings.find(id)),
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
