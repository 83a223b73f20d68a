/**
 * The records a deletion removes alone (deletion-plans.ts, "plain"): the table each lives in, how
 * its repository finds one, and what keeps one from going.
 */
import type { PlainDeletable, PlainResource } from "./deletion-plans.js";

/** A repository that reads a record by id (an unknown one is not_found). */
interface Finds {
  get(id: string): { readonly id: string; readonly companyId: string };
}

/** A repository that also says why a record cannot be deleted now. */
interface Refuses extends Finds {
  deletionRefusal(id: string): string | undefined;
}

export interface PlainRepositories {
  readonly wasteOperators: Refuses;
  readonly comments: Finds;
  readonly goals: Refuses;
  readonly tasks: Finds;
  readonly vehicles: Refuses;
  readonly customInputs: Refuses;
  /** Nothing refers to a limit: a consolidation is worked out when asked, never stored. */
  readonly organizationLimits: { find(id: string): ReturnType<Finds["get"]> };
}

export function plainDeletables(
  r: PlainRepositories,
): Readonly<Record<PlainResource, PlainDeletable>> {
  const refusing = (table: string, repository: Refuses): PlainDeletable => ({
    table,
    get: (id) => repository.get(id),
    refusal: (id) => repository.deletionRefusal(id),
  });
  return {
    wasteOperator: refusing("waste_operators", r.wasteOperators),
    comment: { table: "comments", get: (id) => r.comments.get(id) },
    goal: refusing("goals", r.goals),
    task: { table: "tasks", get: (id) => r.tasks.get(id) },
    customInput: refusing("custom_inputs", r.customInputs),
    vehicle: refusing("vehicles", r.vehicles),
    organizationLimit: {
      table: "organization_limits",
      get: (id) => r.organizationLimits.find(id),
    },
  };
}
