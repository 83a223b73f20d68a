/** The organization limits' routes: the interface's get, and our list and upsert (extensions). */
export const organizationLimitPaths = {
  /** `interface.md`: one limit of a company. */
  get: "/companies/{id}/organization-limits/{limitId}",
  /** Ours: a company's limits, and the upsert by id. */
  list: "/companies/{id}/organization-limits",
  upsert: "/companies/{id}/organization-limits",
} as const;
