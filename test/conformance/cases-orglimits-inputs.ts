/**
 * Conformance cases of `organization-limits` and `emissions summary`
 * (docs/organization-limits.md), and of `inputs` (docs/inputs.md).
 */
import type { CommandCase } from "./command-case.js";
import { ids } from "./seed.js";

export const organizationLimitCases: readonly CommandCase[] = [
  {
    name: "emissions dashboard --limit",
    args: () => [
      "emissions",
      "dashboard",
      ...["--company", ids.company, "--year", "2024", "--limit", ids.organizationLimit],
    ],
  },
  {
    name: "emissions export --limit --group-by",
    args: () => [
      "emissions",
      "export",
      ...["--company", ids.company, "--limit", ids.organizationLimit, "--group-by", "month,scope"],
    ],
  },

  {
    name: "organization-limits upsert",
    args: () => [
      "organization-limits",
      "upsert",
      ...["--company", ids.company, "--name", "FY2025 operational"],
      ...["--approach", "operational_control", "--from", "2025-01-01", "--to", "2025-12-31"],
      ...["--subsidiary", ids.otherCompany, "--id", ids.newOrganizationLimit],
    ],
  },
  {
    name: "organization-limits list",
    args: () => ["organization-limits", "list", "--company", ids.company],
  },
  {
    name: "organization-limits get",
    args: () => ["organization-limits", "get", ids.organizationLimit, "--company", ids.company],
  },
  {
    name: "emissions summary",
    args: () => [
      "emissions",
      "summary",
      "--company",
      ids.company,
      "--limit",
      ids.organizationLimit,
    ],
    // The parent, the subsidiary, the Madrid HQ and the total.
    check: (stdout) => {
      const count = stdout.split("\n").filter((line) => line.trim() !== "").length - 1;
      return count === 4 ? undefined : `printed ${count} rows of 4`;
    },
  },
  {
    name: "organization-limits delete --dry-run",
    dryRun: true,
    args: () => [
      "organization-limits",
      "delete",
      ids.newOrganizationLimit,
      ...["--company", ids.company, "--dry-run"],
    ],
  },
  {
    name: "organization-limits delete",
    args: () => [
      "organization-limits",
      "delete",
      ids.newOrganizationLimit,
      ...["--company", ids.company, "--yes"],
    ],
  },
  {
    name: "inputs recommended",
    args: () => ["inputs", "recommended", "--country", "ES", "--type", "provider,fuel"],
  },
  {
    name: "inputs custom upsert",
    args: () => [
      "inputs",
      "custom",
      "upsert",
      ...["--company", ids.company, "--type", "fuel", "--name", "Biogas (own digester)"],
      ...["--unit", "kWh", "--id", ids.newCustomInput],
    ],
  },
  {
    name: "inputs custom list",
    args: () => ["inputs", "custom", "list", "--company", ids.company],
  },
  { name: "inputs custom get", args: () => ["inputs", "custom", "get", ids.customInput] },
  {
    name: "inputs custom delete",
    args: () => ["inputs", "custom", "delete", ids.newCustomInput, "--yes"],
  },
  {
    name: "consumptions upsert --provider",
    args: () => [
      "consumptions",
      "upsert",
      ...["--company", ids.company, "--building", ids.madrid, "--category", "electricity"],
      ...["--start", "2024-05-01", "--end", "2024-05-31", "--quantity", "1200", "--unit", "kWh"],
      ...["--entity", "INV-2024-0501", "--provider", ids.customInput],
    ],
  },
];
