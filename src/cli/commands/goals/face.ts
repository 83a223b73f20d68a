import type { ResourceFace } from "../../resource-face.js";

/** The goals commands: list, get and upsert (also `create`), derived by resource-verbs.ts. */
export const goalsFace: ResourceFace<"goals"> = {
  name: "goals",
  command: "goals",
  singular: "goal",
  descriptions: {
    list: "List reduction goals, of one company or of every company you see",
    get: "Show one reduction goal",
    upsert: "Create a reduction goal, or update it when --id names an existing one",
  },
  getArgument: { description: "goal id (UUID)", kind: "uuid" },
  filters: [
    {
      key: "companyId",
      flag: "--company <id|name>",
      description: "company id or name (default: every company you see)",
      kind: "company",
      mustExist: true,
    },
  ],
  fields: [
    {
      key: "companyId",
      flag: "--company <id|name>",
      description: "company id or name",
      kind: "company",
      required: true,
    },
    { key: "name", flag: "--name <name>", description: "goal name", kind: "text", required: true },
    {
      key: "baseYear",
      flag: "--base-year <year>",
      description: "the year the reduction is measured from, e.g. 2019",
      kind: "year",
      required: true,
    },
    {
      key: "targetYear",
      flag: "--target-year <year>",
      description: "the year the reduction is due, after the base year",
      kind: "year",
      required: true,
    },
    {
      key: "scopes",
      flag: "--scope <scope>",
      description: "scopes covered, repeatable or comma-separated: 1, 2, 3",
      kind: "choices",
      choices: ["1", "2", "3"],
      required: true,
    },
    {
      key: "reductionPercent",
      flag: "--reduction <percent>",
      description:
        "reduction of the base-year emissions by the target year, above 0 and at most 100",
      kind: "number",
      required: true,
    },
    {
      key: "pathway",
      flag: "--pathway <pathway>",
      description:
        "linear: the same cut every year, as SBTi's absolute contraction (default: none)",
      kind: "choice",
      choices: ["linear"],
    },
  ],
  upsertAlias: "create",
  examples: {
    list: ["carbon goals list --company Acme", "carbon goals list --all --json"],
    get: [
      "carbon goals get 7b1e0c2a-1111-4222-8333-444455556666",
      "carbon goals get 7b1e0c2a-1111-4222-8333-444455556666 --json",
    ],
    upsert: [
      'carbon goals create --company Acme --name "Scope 1+2 -42% by 2030" --base-year 2019 --target-year 2030 --scope 1,2 --reduction 42 --pathway linear',
      'carbon goals upsert --id 7b1e0c2a-1111-4222-8333-444455556666 --company Acme --name "Scope 3 -25%" --base-year 2020 --target-year 2035 --scope 3 --reduction 25',
    ],
  },
  deletion: {
    resource: "goal",
    noun: "goal",
    description: "Delete reduction goals that have no tasks left",
    notes: [
      "A goal that still has tasks is refused (exit 6) and nothing is deleted: delete its tasks first.",
    ],
    examples: [
      "carbon goals delete 90a1b2c3-0000-4000-8000-000000000001 --dry-run",
      "carbon goals delete 90a1b2c3-0000-4000-8000-000000000001 --yes",
    ],
  },
  columns: async () => (await import("./columns.js")).goalColumns,
};
