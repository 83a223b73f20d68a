import type { ResourceFace } from "../../resource-face.js";

/** The task statuses (the model's list, repeated here to keep --help light). */
const STATUSES = ["todo", "in_progress", "done", "cancelled"];

/** The `goals tasks` commands: list, get and upsert (also `create`), derived by resource-verbs.ts. */
export const tasksFace: ResourceFace<"tasks"> = {
  name: "tasks",
  command: "tasks",
  singular: "task",
  descriptions: {
    list: "List tasks of reduction goals, of one company or goal, or of every company you see",
    get: "Show one task",
    upsert: "Create a task under a goal, or update it when --id names an existing one",
  },
  getArgument: { description: "task id (UUID)", kind: "uuid" },
  filters: [
    {
      key: "companyId",
      flag: "--company <id|name>",
      description: "company id or name (default: every company you see)",
      kind: "company",
      mustExist: true,
    },
    { key: "goalId", flag: "--goal <id>", description: "only this goal's tasks", kind: "uuid" },
  ],
  fields: [
    {
      key: "companyId",
      flag: "--company <id|name>",
      description: "company id or name",
      kind: "company",
      required: true,
    },
    {
      key: "goalId",
      flag: "--goal <id>",
      description: "the goal (of the same company) the task serves",
      kind: "uuid",
      required: true,
    },
    {
      key: "title",
      flag: "--title <text>",
      description: "what is to be done",
      kind: "text",
      required: true,
    },
    {
      key: "owner",
      flag: "--owner <text>",
      description: "who answers for it",
      kind: "text",
      required: true,
    },
    {
      key: "dueDate",
      flag: "--due <date>",
      description: "due date, YYYY-MM-DD",
      kind: "text",
      required: true,
    },
    {
      key: "status",
      flag: "--status <status>",
      description: `one of ${STATUSES.join(", ")}`,
      kind: "choice",
      choices: STATUSES,
      required: true,
    },
    {
      key: "expectedReductionKg",
      flag: "--expected-reduction <kg>",
      description: "kgCO2e a year the task is expected to save, at least 0",
      kind: "number",
    },
  ],
  upsertAlias: "create",
  examples: {
    list: [
      "carbon goals tasks list --company Acme",
      "carbon goals tasks list --goal 7b1e0c2a-1111-4222-8333-444455556666 --json",
    ],
    get: ["carbon goals tasks get 9c2f1d3b-1111-4222-8333-444455556666"],
    upsert: [
      'carbon goals tasks create --company Acme --goal 7b1e0c2a-1111-4222-8333-444455556666 --title "LED retrofit, Bilbao" --owner "Facilities" --due 2026-06-30 --status todo --expected-reduction 12000',
      'carbon goals tasks upsert --id 9c2f1d3b-1111-4222-8333-444455556666 --company Acme --goal 7b1e0c2a-1111-4222-8333-444455556666 --title "LED retrofit" --owner Facilities --due 2026-06-30 --status done',
    ],
  },
  deletion: {
    resource: "task",
    noun: "task",
    description: "Delete tasks of reduction goals",
    notes: [],
    examples: [
      "carbon goals tasks delete 7a000000-0000-4000-8000-000000000001",
      "carbon goals tasks delete 7a000000-0000-4000-8000-000000000001 --yes --json",
    ],
  },
  columns: async () => (await import("./columns.js")).taskColumns,
};
