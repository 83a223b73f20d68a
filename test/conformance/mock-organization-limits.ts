/**
 * The interface mocks' organization limits: the spec's `GET
 * /companies/{id}/organization-limits/{limitId}` answers a seeded limit of that company. The
 * hosted service does not publish a limit's fields: its mock answers the fewest (id, company, name).
 */
import type { Handler, Item } from "./mock-store.js";

export function organizationLimitHandlers(
  hosted: boolean,
  seeded: readonly Item[],
): Record<string, Handler> {
  return {
    "GET /api/v1/companies/{id}/organization-limits/{limitId}": (call) => {
      const found = seeded.find(
        (limit) => limit.id === call.params.limitId && limit.companyId === call.params.id,
      );
      if (found === undefined) {
        return { status: 404, body: { message: "organization limit not found" } };
      }
      const { id, companyId, name } = found;
      return { status: 200, body: hosted ? { id, companyId, name } : found };
    },
  };
}
