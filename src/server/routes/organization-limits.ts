/**
 * Organization limits (docs/organization-limits.md): the interface's `GET
 * /companies/{id}/organization-limits/{limitId}`, and our list and upsert under the company's
 * path. A company out of the token's scope is missing to it; writing needs a member or an admin.
 */

import { z } from "zod";
import { missingMember, validationError } from "../../core/errors.js";
import { pageSchema } from "../../core/model/common.js";
import {
  organizationLimitInputSchema,
  organizationLimitSchema,
} from "../../core/model/organization-limit.js";
import { organizationLimitPaths as paths } from "../../core/organization-limit-paths.js";
import { oneUuid } from "../../core/resources/fields.js";
import { findOrUndefined } from "../access.js";
import { ignoredBody, pageFields } from "../input.js";
import { defineRoute, ok, param, type Route, upserted } from "../route.js";

const record = { name: "OrganizationLimit", schema: organizationLimitSchema };
// The hosted service repeats the path's company as a query parameter: accepted, and ignored.
const companyEcho = { companyId: oneUuid.optional() };

export const organizationLimitRoutes: readonly Route[] = [
  defineRoute({
    method: "GET",
    path: paths.get,
    summary: "One organization limit of a company: approach, period, members and their shares",
    query: z.strictObject(companyEcho),
    body: ignoredBody,
    statuses: [200],
    response: record,
    async handle({ service, access, params }) {
      const companyId = param(params, "id");
      access.company(companyId);
      return ok(await service.organizationLimits.get(companyId, param(params, "limitId")));
    },
  }),
  defineRoute({
    method: "GET",
    path: paths.list,
    summary: "A company's organization limits, by period start, name and id",
    extension: true,
    query: z.strictObject({ ...companyEcho, ...pageFields }),
    body: ignoredBody,
    statuses: [200],
    response: { name: "OrganizationLimitPage", schema: pageSchema(organizationLimitSchema) },
    async handle({ service, access, params, query }) {
      const companyId = param(params, "id");
      access.company(companyId);
      const { page, limit } = query;
      return ok(await service.organizationLimits.list({ companyId, page, limit }));
    },
  }),
  defineRoute({
    method: "POST",
    path: paths.upsert,
    summary:
      "Create or update an organization limit of the company by its id (member, admin); members must exist, 422 when a building belongs to a member company",
    extension: true,
    query: z.strictObject({}),
    body: organizationLimitInputSchema,
    bodyName: "OrganizationLimitInput",
    statuses: [201, 200],
    response: record,
    async handle({ service, access, params, body }) {
      const companyId = param(params, "id");
      access.company(companyId);
      if (body.companyId.toLowerCase() !== companyId.toLowerCase()) {
        throw validationError(
          `invalid organization limit: companyId: expected the path's company ${companyId}, got ${body.companyId}`,
          [{ path: "companyId", message: `expected the path's company ${companyId}` }],
        );
      }
      access.mayWriteAs("organization limits", ["admin", "member"]);
      // A member out of the token's scope is missing to it, as if it did not exist.
      for (const [index, member] of body.members.entries()) {
        if (member.companyId !== undefined && !access.sees(member.companyId)) {
          throw missingMember("company", member.companyId, index);
        }
        const buildingId = member.buildingId;
        if (buildingId === undefined) continue;
        const building = await findOrUndefined(() => service.buildings.get(buildingId));
        if (building !== undefined && !access.sees(building.companyId)) {
          throw missingMember("building", buildingId, index);
        }
      }
      const before = await findOrUndefined(() =>
        service.organizationLimits.get(companyId, body.id),
      );
      return upserted(before === undefined, await service.organizationLimits.upsert(body));
    },
  }),
];
