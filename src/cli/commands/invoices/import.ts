import type { Command } from "commander";
import type { InvoiceImportReport } from "../../../import/invoices/import.js";
import type { Context } from "../../context.js";
import { type FileImport, fileImportCommand } from "../file-import.js";

const spec: FileImport<InvoiceImportReport> = {
  description: "Import invoices from a CSV file, one row per line of an invoice",
  help: [
    "Columns: id (the invoice's, shared by the rows of its lines), type, status, companyId (or",
    "company, or --company), buildingId, startDate, endDate, cup, supplier, totalCost,",
    "currency, countryCode, externalId, wasteType, wasteDisposalMethod, wasteOperatorId, and",
    "the row's line: quantity, unit, fuel, lineType. Every row of an invoice repeats its",
    "fields (a cell left blank takes the first row's). Every row is checked before anything",
    "is stored; any problem is reported with its line and column, nothing is stored, and the",
    "exit status is 3. Locally the file is one transaction.",
    "",
    "Examples:",
    "  $ carbon invoices import fixtures/invoices/acme-2025-q1.csv --dry-run",
    "  $ carbon invoices import facturas.csv --company Acme --delimiter ';'",
    "  $ carbon invoices import invoices.csv --json",
  ],
  load: async () => {
    const [{ importInvoices }, { reportInvoiceImport }] = await Promise.all([
      import("../../../import/invoices/import.js"),
      import("./import-report.js"),
    ]);
    return {
      run: (service, options) => importInvoices(service, options),
      report: reportInvoiceImport,
    };
  },
};

export function importCommand(ctx: Context): Command {
  return fileImportCommand(ctx, spec);
}
