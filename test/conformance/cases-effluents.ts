/**
 * The effluents commands on every server: the spec's listing (a company required) always; get,
 * upsert and delete need our extensions, so a server of the spec alone says it does not offer
 * them; the summary and the import's dry run use the listing alone.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { type CaseContext, type CommandCase, rows } from "./command-case.js";
import { ids } from "./seed.js";

/** Samples of 2025 at the seeded Madrid HQ, as a Spanish spreadsheet saves them. */
const samples = [
  "type;parameter;value;unit;year;date;min;building",
  "limit;pH;9;pH;2025;;6;Madrid HQ",
  "quality;pH;5,8;pH;;2025-02-10;;Madrid HQ",
  "quality;COD;98,5;mg/L;;2025-02-10;;Madrid HQ",
  "",
].join("\n");

const importArgs = (context: CaseContext) => {
  const file = path.join(context.dir, "vertidos-2025.csv");
  writeFileSync(file, `\uFEFF${samples}`);
  return ["effluents", "import", file, "--company", ids.company, "--decimal-comma"];
};

export const effluentCases: readonly CommandCase[] = [
  {
    name: "effluents list",
    args: () => ["effluents", "list", "--company", ids.company, "--all"],
    check: rows(3),
  },
  {
    name: "effluents list --type --year",
    args: () => [
      "effluents",
      "list",
      "--company",
      ids.company,
      "--type",
      "quality",
      "--year",
      "2024",
    ],
    check: rows(2),
  },
  { name: "effluents get", args: () => ["effluents", "get", ids.effluentSample] },
  { name: "effluents summary", args: () => ["effluents", "summary", "--company", ids.company] },
  {
    name: "effluents upsert",
    args: () => [
      "effluents",
      "upsert",
      "--id",
      ids.newEffluent,
      "--company",
      ids.company,
      "--building",
      ids.madrid,
      "--type",
      "limit",
      "--parameter",
      "TSS",
      "--value",
      "35",
      "--unit",
      "mg/L",
      "--year",
      "2024",
    ],
  },
  {
    name: "effluents import --dry-run",
    dryRun: true,
    args: (c) => [...importArgs(c), "--dry-run"],
  },
  { name: "effluents import", args: (c) => importArgs(c) },
  { name: "effluents delete", args: () => ["effluents", "delete", ids.effluentToDelete, "--yes"] },
];
