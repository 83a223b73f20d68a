/**
 * One or more invocations of every remote command of the CLI, with realistic arguments. Order
 * matters within a server: reads come before the deletes of the same records, dry runs before
 * the real runs. `localOnly` lists the commands that never talk to a server. Areas keep their
 * cases in files of their own (cases-*.ts), spread in below; a plain resource's upsert, list
 * and get cases are a file of resource-cases/, found by reading the folder (resource-cases.ts)
 * and spread in at `...resourceCases`. What a case is lives in command-case.ts.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { certificateCases } from "./cases-certificates.js";
import { effluentCases } from "./cases-effluents.js";
import { invoiceCases } from "./cases-invoices.js";
import { organizationLimitCases } from "./cases-orglimits-inputs.js";
import { userCases } from "./cases-users.js";
import { vehicleCases } from "./cases-vehicles.js";
import { type CaseContext, type CommandCase, rows } from "./command-case.js";
import { resourceCases } from "./resource-cases.js";
import { customFactorArgs, glecShipment, ids, type Seed } from "./seed.js";

/** Seeded consumptions of the company: more than one page of 100. */
const seededBills = (seed: Seed) => seed.mock.consumptions.length;
/** Their emission lines: each bill's own and the scope 3 category 3 lines of its energy. */
const seededLines = (seed: Seed) => seed.mock.emissions.length;
/** Categories of the tree every install has: more than one page of 100. */
const categoryCount = (seed: Seed) => seed.mock.categories.length;

/** Leaf commands that never talk to a server. */
export const localOnly = ["auth logout", "db status", "profile list", "profile use", "serve token"];

const repoRoot = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");

function file(context: CaseContext, name: string, content: string): string {
  const target = path.join(context.dir, name);
  writeFileSync(target, content);
  return target;
}

const newBills = [
  "entityId,building,category,startDate,endDate,quantity,unit",
  "INV-2025-0101,Madrid HQ,electricity,2025-01-01,2025-01-31,15872.4,kWh",
  "INV-2025-0102,Madrid HQ,natural_gas,2025-01-01,2025-01-31,27410.8,kWh",
  "INV-2025-0103,Lisbon Office,electricity,2025-01-01,2025-01-31,6120.3,kWh",
  "",
].join("\n");

const bills = (context: CaseContext) => file(context, "bills-2025-01.csv", newBills);
const suppliers = () => path.join(repoRoot, "fixtures/suppliers/proveedores-y-clientes.csv");
const shipment = (context: CaseContext) =>
  file(context, "shipment.json", glecShipment(ids.newGlec, ids.company, "a3000000"));

export const commandCases: readonly CommandCase[] = [
  {
    name: "auth login --with-token",
    environment: false,
    args: (c) => ["--api-url", c.url, "auth", "login", "--with-token"],
    stdin: (c) => c.token,
  },
  { name: "auth status", args: () => ["auth", "status"] },
  { name: "companies list", args: () => ["companies", "list"] },
  { name: "companies list --all", args: () => ["companies", "list", "--all"] },
  { name: "companies get", args: () => ["companies", "get", ids.company] },
  {
    name: "companies upsert",
    args: () => [
      "companies",
      "upsert",
      "--name",
      "Acme Nordics",
      "--country",
      "SE",
      "--id",
      ids.newCompany,
    ],
  },
  { name: "buildings list --company", args: () => ["buildings", "list", "--company", ids.company] },
  { name: "buildings list", args: () => ["buildings", "list"] },
  { name: "buildings get", args: () => ["buildings", "get", ids.madrid] },
  {
    name: "buildings upsert",
    args: () => [
      "buildings",
      "upsert",
      "--company",
      ids.company,
      "--name",
      "Valencia Depot",
      "--country",
      "ES",
      "--id",
      ids.newBuilding,
    ],
  },
  {
    name: "buildings move --dry-run",
    dryRun: true,
    args: () => ["buildings", "move", ids.toMove, "--to", ids.otherCompany, "--dry-run"],
  },
  {
    name: "buildings move",
    args: () => ["buildings", "move", ids.toMove, "--to", ids.otherCompany, "--yes"],
  },
  { name: "buildings delete", args: () => ["buildings", "delete", ids.toDelete, "--yes"] },
  { name: "categories list", args: () => ["categories", "list"], check: rows(categoryCount) },
  { name: "categories list --level", args: () => ["categories", "list", "--level", "subcategory"] },
  { name: "factors list", args: () => ["factors", "list", "--country", "ES"] },
  { name: "factors releases", args: () => ["factors", "releases"] },
  {
    name: "factors diff",
    args: () => ["factors", "diff", "2025 base library", "2026 open sources"],
  },
  {
    name: "factors resolve",
    args: () => [
      "factors",
      "resolve",
      "--category",
      "natural_gas",
      "--country",
      "ES",
      "--year",
      "2024",
    ],
  },
  { name: "factors gwp", args: () => ["factors", "gwp"] },
  { name: "factors proxies", args: () => ["factors", "proxies"] },
  {
    name: "factors custom list",
    args: () => ["factors", "custom", "list", "--company", ids.company],
  },
  { name: "factors custom get", args: () => ["factors", "custom", "get", ids.factor] },
  {
    name: "factors custom create",
    args: () =>
      customFactorArgs(ids.newFactor, "0.21", ["--year", "2025"], "Supplier disclosure 2025"),
  },
  {
    name: "factors custom create --valid-from --valid-to --dry-run",
    args: () => [...customFactorByDate(), "--dry-run"],
  },
  { name: "factors custom create --valid-from --valid-to", args: () => customFactorByDate() },
  {
    name: "factors custom delete",
    args: () => ["factors", "custom", "delete", ids.factorToDelete, "--yes"],
  },
  { name: "consumptions list", args: () => ["consumptions", "list", "--company", ids.company] },
  {
    name: "consumptions list --all",
    args: () => ["consumptions", "list", "--company", ids.company, "--all"],
    check: rows(seededBills),
  },
  {
    name: "consumptions list --with-names",
    args: () => ["consumptions", "list", "--company", ids.company, "--with-names"],
  },
  { name: "consumptions get", args: (c) => ["consumptions", "get", c.seed.consumption] },
  {
    name: "consumptions dashboard",
    args: () => ["consumptions", "dashboard", "--company", ids.company, "--year", "2024"],
  },
  { name: "emissions list", args: () => ["emissions", "list", "--company", ids.company] },
  {
    name: "emissions list --all",
    args: () => ["emissions", "list", "--company", ids.company, "--all"],
    check: rows(seededLines),
  },
  {
    name: "emissions export",
    args: (c) => [
      "--format",
      "csv",
      "emissions",
      "export",
      "--company",
      ids.company,
      "--output",
      path.join(c.dir, "emissions.csv"),
    ],
    check: rows(seededLines, (c) => path.join(c.dir, "emissions.csv")),
  },
  {
    name: "emissions export --group-by",
    args: () => ["emissions", "export", "--company", ids.company, "--group-by", "scope"],
  },
  {
    name: "emissions dashboard",
    args: () => ["emissions", "dashboard", "--company", ids.company, "--year", "2024"],
  },
  {
    name: "emissions recalculate --dry-run",
    args: () => ["emissions", "recalculate", "--company", ids.company, "--dry-run"],
    dryRun: true,
  },
  {
    name: "emissions recalculate --max-change",
    args: () => [
      "emissions",
      "recalculate",
      ...["--company", ids.company, "--max-change", "0", "--yes", "--json"],
    ],
  },
  {
    name: "consumptions upsert (flags)",
    args: () => [
      "consumptions",
      "upsert",
      "--company",
      ids.company,
      "--building",
      ids.madrid,
      "--category",
      "natural_gas",
      "--start",
      "2025-02-01",
      "--end",
      "2025-02-28",
      "--quantity",
      "18250.5",
      "--unit",
      "kWh",
      "--entity",
      "INV-2025-0201",
    ],
  },
  {
    name: "consumptions upsert --file",
    args: (c) => {
      const consumption = {
        entityId: "INV-2025-0202",
        categoryId: c.seed.naturalGas,
        startDate: "2025-02-01T00:00:00Z",
        endDate: "2025-02-28T00:00:00Z",
        companyId: ids.company,
        buildingId: ids.lisbon,
        quantity: 9120.75,
        unitType: "kWh",
      };
      return [
        "consumptions",
        "upsert",
        "--file",
        file(c, "consumption.json", JSON.stringify(consumption)),
      ];
    },
  },
  {
    name: "consumptions import --dry-run",
    dryRun: true,
    args: (c) => ["consumptions", "import", bills(c), "--company", ids.company, "--dry-run"],
  },
  {
    name: "consumptions import",
    args: (c) => ["consumptions", "import", bills(c), "--company", ids.company],
  },
  {
    name: "consumptions delete --dry-run",
    dryRun: true,
    args: (c) => ["consumptions", "delete", c.seed.consumptionToDelete, "--dry-run"],
  },
  {
    name: "consumptions delete",
    args: (c) => ["consumptions", "delete", c.seed.consumptionToDelete, "--yes"],
  },
  // The plain resources' upserts, lists and gets (resource-cases/, in file name order): after
  // the cases that create or change what their records refer to (companies, buildings,
  // consumptions) and before any delete of a resource's record (its delete case goes below).
  // The deletes above remove only records seeded to be deleted, which no resource case reads.
  ...resourceCases,
  ...vehicleCases,
  {
    name: "comments upsert",
    args: () => [
      "comments",
      "upsert",
      "--company",
      ids.company,
      "--entity-type",
      "building",
      "--entity",
      ids.madrid,
      "--text",
      "Q1 readings checked",
      "--id",
      ids.newComment,
    ],
  },
  {
    name: "comments list",
    args: () => ["comments", "list", "--company", ids.company],
  },
  {
    name: "comments list (one record)",
    args: () => ["comments", "list", "--entity-type", "building", "--entity", ids.madrid],
  },
  { name: "comments list (every company)", args: () => ["comments", "list"] },
  { name: "comments get", args: () => ["comments", "get", ids.comment] },
  {
    name: "goals upsert",
    args: () => [
      "goals",
      "upsert",
      "--company",
      ids.company,
      "--name",
      "Scope 3 -25% by 2035",
      "--base-year",
      "2024",
      "--target-year",
      "2035",
      "--scope",
      "3",
      "--reduction",
      "25",
      "--id",
      ids.newGoal,
    ],
  },
  { name: "goals list", args: () => ["goals", "list", "--company", ids.company] },
  { name: "goals list (every company)", args: () => ["goals", "list"] },
  { name: "goals get", args: () => ["goals", "get", ids.goal] },
  { name: "goals progress", args: () => ["goals", "progress", ids.goal] },
  {
    name: "goals tasks upsert",
    args: () => [
      "goals",
      "tasks",
      "upsert",
      "--company",
      ids.company,
      "--goal",
      ids.goal,
      "--title",
      "Heat pumps",
      "--owner",
      "Facilities",
      "--due",
      "2027-01-31",
      "--status",
      "in_progress",
      "--expected-reduction",
      "5000",
      "--id",
      ids.newTask,
    ],
  },
  { name: "goals tasks list", args: () => ["goals", "tasks", "list", "--goal", ids.goal] },
  { name: "goals tasks get", args: () => ["goals", "tasks", "get", ids.task] },
  {
    name: "goals tasks delete --dry-run",
    dryRun: true,
    args: () => ["goals", "tasks", "delete", ids.newTask, "--dry-run"],
  },
  { name: "goals tasks delete", args: () => ["goals", "tasks", "delete", ids.newTask, "--yes"] },
  { name: "goals delete", args: () => ["goals", "delete", ids.newGoal, "--yes"] },
  { name: "comments delete", args: () => ["comments", "delete", ids.newComment, "--yes"] },
  {
    name: "waste-operators delete",
    args: () => ["waste-operators", "delete", ids.newWasteOperator, "--yes"],
  },
  { name: "suppliers list", args: () => ["suppliers", "list", "--company", ids.company] },
  { name: "suppliers get", args: () => ["suppliers", "get", ids.supplier] },
  {
    name: "suppliers upsert --dry-run",
    dryRun: true,
    args: () => [
      "suppliers",
      "upsert",
      "--company",
      ids.company,
      "--type",
      "suppliers",
      "--name",
      "Endesa Energía S.A.",
      "--email",
      "facturas@endesa.example",
      "--external-id",
      "PRV-0100",
      "--dry-run",
    ],
  },
  {
    name: "suppliers upsert",
    args: () => [
      "suppliers",
      "upsert",
      "--company",
      ids.company,
      "--type",
      "suppliers",
      "--name",
      "Endesa Energía S.A.",
      "--email",
      "facturas@endesa.example",
      "--external-id",
      "PRV-0100",
    ],
  },
  {
    name: "suppliers import --dry-run",
    dryRun: true,
    args: () => ["suppliers", "import", suppliers(), "--company", ids.company, "--dry-run"],
  },
  {
    name: "suppliers import",
    args: () => ["suppliers", "import", suppliers(), "--company", ids.company],
  },
  { name: "suppliers delete", args: () => ["suppliers", "delete", ids.supplierToDelete, "--yes"] },
  {
    name: "glec submit --dry-run",
    dryRun: true,
    args: (c) => ["glec", "submit", shipment(c), "--dry-run"],
  },
  { name: "glec submit", args: (c) => ["glec", "submit", shipment(c)] },
  { name: "glec list", args: () => ["glec", "list", "--company", ids.company] },
  { name: "glec get", args: () => ["glec", "get", ids.glec] },
  { name: "glec delete", args: () => ["glec", "delete", ids.glecToDelete, "--yes"] },
  ...effluentCases,
  ...userCases,
  { name: "audit list", args: () => ["audit", "list", "--company", ids.company] },
  ...invoiceCases,
  ...organizationLimitCases,
  // Any call of the interface, every page: the company listing, as JSON.
  { name: "api GET companies --paginate", args: () => ["api", "GET", "companies", "--paginate"] },
  ...certificateCases,
];

/** The command a case runs (`factors custom create` for "factors custom create --id"). */
export function commandOf(commandCase: CommandCase, leaves: readonly string[]): string | undefined {
  return leaves
    .filter((leaf) => commandCase.name === leaf || commandCase.name.startsWith(`${leaf} `))
    .sort((a, b) => b.length - a.length)[0];
}

/** The created factor again, valid from 1 April to the end of 2025 instead of for the year. */
function customFactorByDate(): string[] {
  return customFactorArgs(
    ids.newFactor,
    "0.19",
    ["--valid-from", "2025-04-01", "--valid-to", "2025-12-31"],
    "Supplier disclosure from April 2025",
  );
}
