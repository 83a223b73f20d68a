/**
 * Custom emission factors: `GET /emission-factors/custom` (the spec's, one company's) and
 * `GET /emission-factors/custom/{id}` come from the descriptor (src/core/resources/custom-factors.ts);
 * the upsert, below, answers a scoped token 404 for another company's factor, and the
 * recalculation it caused (`?dryRun=true`: what it would cause, nothing stored).
 */
import { isCarbonError, notFound } from "../../core/errors.js";
import { customFactorsResource } from "../../core/resources/custom-factors.js";
import type { CarbonService } from "../../core/service.js";
import { type Access, findOrUndefined } from "../access.js";
import { upsertConsumptionQuery } from "../input.js";
import { defineRoute, ok, type Route, upserted } from "../route.js";
import { bodies, responses } from "../schemas.js";

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
  const holder = await findOrUndefined(() => service.customFactors.get(id));
  if (holder !== undefined && access.sees(holder.companyId)) throw error;
  throw notFound("custom factor", id);
}

export const customFactorRoutes: readonly Route[] = [
  // List and get come from the descriptor (resource-routes.ts); the upsert hides a foreign id.
  defineRoute({
    method: "POST",
    path: customFactorsResource.operations.upsert.path,
    summary: customFactorsResource.summaries.upsert,
    extension: true,
    // `dryRun=true`: answer the factor and the recalculation it would cause, store nothing.
    query: upsertConsumptionQuery,
    ...bodies.customFactor,
    statuses: [201, 200],
    response: responses.customFactorChange,
    async handle({ service, access, query, body }) {
      access.company(body.companyId);
      access.mayWrite("custom factors");
      const found = await findOrUndefined(() => service.customFactors.get(body.id));
      // Another company's factor is no "before": the upsert refuses it (conflict).
      const before = found?.companyId === body.companyId.toLowerCase() ? found : undefined;
      try {
        const { factor, recalculation } = await service.customFactors.change(body, {
          dryRun: query.dryRun,
        });
        const answer = { ...factor, recalculation };
        return query.dryRun ? ok(answer) : upserted(before === undefined, answer);
      } catch (error) {
        return hideForeignConflict(service, access, body.id, error);
      }
    },
  }),
];
