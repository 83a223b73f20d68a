import { isCarbonError, notFound } from "../../core/errors.js";
import type { CustomFactor } from "../../core/model/factor.js";
import type { CarbonService } from "../../core/service.js";
import type { Access } from "../access.js";
import { customFactorsQuery, ignoredBody, noQuery } from "../input.js";
import { defineRoute, ok, type Route, upserted } from "../route.js";
import { bodies, responses } from "../schemas.js";
import { emptyWhenMissing } from "../union.js";

/** The company's custom factor with this id, if any (the port has no get by id). */
async function findFactor(
  service: CarbonService,
  companyId: string,
  id: string,
): Promise<CustomFactor | undefined> {
  const wanted = id.toLowerCase();
  const source = emptyWhenMissing((window) => service.customFactors.list({ ...window, companyId }));
  for (let page = 1; ; page += 1) {
    const answer = await source({ page, limit: 500 });
    const found = answer.data.find((factor) => factor.id === wanted);
    if (found !== undefined) return found;
    if (answer.data.length < 500 || page * 500 >= answer.pagination.total) return undefined;
  }
}

/**
 * The service refuses (conflict) a factor id that belongs to another company. When that company
 * is outside a scoped token's, the answer is 404 like any other data out of scope.
 */
async function hideForeignConflict(
  service: CarbonService,
  access: Access,
  id: string,
  error: unknown,
): Promise<never> {
  if (!(isCarbonError(error) && error.code === "conflict" && access.scoped)) throw error;
  for (const companyId of access.companies) {
    if ((await findFactor(service, companyId, id)) !== undefined) throw error;
  }
  throw notFound("custom factor", id);
}

export const customFactorRoutes: readonly Route[] = [
  defineRoute({
    method: "GET",
    path: "/emission-factors/custom",
    summary: "List a company's custom emission factors",
    query: customFactorsQuery,
    body: ignoredBody,
    statuses: [200],
    response: responses.customFactors,
    async handle({ service, access, query }) {
      access.company(query.companyId);
      return ok(await service.customFactors.list(query));
    },
  }),
  defineRoute({
    method: "POST",
    path: "/emission-factors/custom",
    summary: "Create or update a company's custom emission factor by its id (member, admin)",
    extension: true,
    query: noQuery,
    ...bodies.customFactor,
    statuses: [201, 200],
    response: responses.customFactor,
    async handle({ service, access, body }) {
      access.company(body.companyId);
      access.mayWrite("custom factors");
      const before = await findFactor(service, body.companyId, body.id);
      try {
        return upserted(before === undefined, await service.customFactors.upsert(body));
      } catch (error) {
        return hideForeignConflict(service, access, body.id, error);
      }
    },
  }),
];
