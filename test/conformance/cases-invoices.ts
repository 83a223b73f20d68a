/** The invoices commands' conformance cases (cases.ts spreads them into its list). */
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { CaseContext, CommandCase } from "./command-case.js";
import { ids } from "./seed.js";

const NEW_INVOICE = "9a000000-0000-4000-8000-0000000000c1";
const IMPORTED = "9a000000-0000-4000-8000-0000000000c2";

/** A two-line electricity invoice and a gas one of the seeded company's Madrid building. */
function invoicesFile(context: CaseContext): string {
  const rows = [
    "id,type,companyId,buildingId,startDate,endDate,cup,totalCost,currency,quantity,unit,fuel",
    `${IMPORTED},electricity,${ids.company},${ids.madrid},2025-02-01,2025-02-28,ES0021000000000000AA,210.5,EUR,900,kWh,`,
    `${IMPORTED},electricity,${ids.company},${ids.madrid},2025-02-01,2025-02-28,ES0021000000000000AA,210.5,EUR,300,kWh,`,
    `9a000000-0000-4000-8000-0000000000c3,heat,${ids.company},${ids.madrid},2025-02-01,2025-02-28,,95,EUR,5000,kWh,natural_gas`,
    "",
  ];
  const target = path.join(context.dir, "invoices-2025-02.csv");
  writeFileSync(target, rows.join("\n"));
  return target;
}

export const invoiceCases: readonly CommandCase[] = [
  {
    name: "invoices upsert",
    args: () => [
      "invoices",
      "upsert",
      "--id",
      NEW_INVOICE,
      "--company",
      ids.company,
      "--building",
      ids.madrid,
      "--type",
      "electricity",
      "--start",
      "2025-01-01",
      "--end",
      "2025-01-31",
      "--total-cost",
      "182.40",
      "--currency",
      "EUR",
      "--cup",
      "ES0021000000000000AA",
      "--line",
      "15872.4:kWh",
    ],
  },
  { name: "invoices list", args: () => ["invoices", "list", "--company", ids.company] },
  { name: "invoices list (every company)", args: () => ["invoices", "list"] },
  {
    name: "invoices list --from --to",
    args: () => [
      "invoices",
      "list",
      ...["--company", ids.company, "--from", "2025-01-01", "--to", "2025-12-31"],
    ],
  },
  {
    name: "invoices list --building (two)",
    args: () => [
      "invoices",
      "list",
      ...["--company", ids.company, "--building", ids.madrid, "--building", ids.lisbon, "--json"],
    ],
    // Only invoices answered as one of the two buildings' (the spec shapes answer no building).
    check: (stdout) => {
      const listed: { id: string; buildingId?: string | null }[] = JSON.parse(stdout);
      const wanted: readonly unknown[] = [ids.madrid, ids.lisbon];
      const elsewhere = listed.find((invoice) => !wanted.includes(invoice.buildingId));
      return elsewhere === undefined ? undefined : `listed ${elsewhere.id} of another building`;
    },
  },
  { name: "invoices get", args: () => ["invoices", "get", NEW_INVOICE] },
  {
    name: "invoices import --dry-run",
    dryRun: true,
    args: (c) => ["invoices", "import", invoicesFile(c), "--dry-run"],
  },
  { name: "invoices import", args: (c) => ["invoices", "import", invoicesFile(c)] },
  {
    name: "invoices delete --dry-run",
    dryRun: true,
    args: () => ["invoices", "delete", NEW_INVOICE, "--dry-run"],
  },
  { name: "invoices delete", args: () => ["invoices", "delete", NEW_INVOICE, "--yes"] },
];
