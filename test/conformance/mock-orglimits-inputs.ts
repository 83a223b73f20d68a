/**
 * The interface mocks' organization limits and custom inputs: the spec's `GET
 * /companies/{id}/organization-limits/{limitId}` answers a seeded limit of that company, and
 * `GET /inputs/custom/{id}` a seeded custom input. The hosted service publishes neither's
 * fields: its mock answers the fewest (id, company, name).
 */
import type { Handler, Item } from "./mock-store.js";

export function organizationLimitHandlers(
  hosted: boolean,
  seeded: readonly Item[],
  customInputs: readonly Item[],
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
    "GET /api/v1/inputs/custom/{id}": (call) => {
      const found = customInputs.find((input) => input.id === call.params.id);
      if (found === undefined) return { status: 404, body: { message: "custom input not found" } };
      const { id, companyId, name } = found;
      return { status: 200, body: hosted ? { id, data: { companyId, name } } : found };
    },
  };
}
