/**
 * `POST /buildings/move` (the spec's; `?dryRun=true` is our extension) and `GET /audit` (ours).
 * A move needs an admin token that sees the target company and every building's company: a
 * company or building outside the token's scope answers 404 as if missing, then a weaker role
 * answers 403 (the order of access.ts).
 */
import { z } from "zod";
import { CarbonError, notFound } from "../../core/errors.js";
import { auditRecordSchema } from "../../core/model/audit.js";
import {
  buildingMoveInputSchema,
  buildingMoveResultSchema,
} from "../../core/model/building-move.js";
import { pageSchema, uuidSchema } from "../../core/model/common.js";
import { type Access, findOrUndefined } from "../access.js";
import { ignoredBody, pageFields, upsertConsumptionQuery } from "../input.js";
import { defineRoute, ok, type Route } from "../route.js";

const text = z.string({ error: "expected one value" });

/** `a,b`: company UUIDs separated by commas. */
const companyList = text.transform((value, ctx): string[] => {
  const ids = value.split(",").map((part) => part.trim().toLowerCase());
  const bad = ids.find((id) => !uuidSchema.safeParse(id).success);
  if (bad !== undefined) {
    ctx.addIssue({
      code: "custom",
      message: `expected company UUIDs separated by commas, got "${value}"`,
    });
    return z.NEVER;
  }
  return [...new Set(ids)];
});

const auditQuery = z.strictObject({
  companyId: companyList.optional().meta({
    description: "records of any of these companies, a move from or to them (comma-separated)",
  }),
  buildingId: text.pipe(uuidSchema).optional(),
  ...pageFields,
});

/** The audit trail names users: it is for admins. */
function mustBeAdmin(access: Access, what: string): void {
  if (access.claims.role === "admin") return;
  throw new CarbonError(
    "forbidden",
    `a ${access.claims.role} token may not ${what}; that needs the role admin`,
    { hint: "ask for an admin token (carbon serve token --role admin)" },
  );
}

/** `?dryRun=true`, and the companies the buildings must still belong to (ours). */
const moveQuery = upsertConsumptionQuery.extend({
  expectedCompanyIds: companyList.optional().meta({
    description:
      "the company each building belonged to when the move was planned, in buildingIds' order (comma-separated): one that moved meanwhile refuses the move (409)",
  }),
});

export const buildingMoveRoutes: readonly Route[] = [
  defineRoute({
    method: "POST",
    path: "/buildings/move",
    summary:
      "Move buildings with their consumptions and emissions to another company, all or nothing (admin)",
    // `dryRun=true`: answer the plan (counts, footprint before and after), move nothing.
    query: moveQuery,
    bodyName: "BuildingMoveInput",
    body: buildingMoveInputSchema,
    statuses: [200],
    response: { name: "BuildingMoveResult", schema: buildingMoveResultSchema },
    async handle({ service, access, query, body }) {
      access.company(body.companyId);
      for (const id of body.buildingIds) {
        const building = await findOrUndefined(() => service.buildings.get(id));
        if (building !== undefined && !access.sees(building.companyId)) {
          throw notFound("building", id);
        }
      }
      mustBeAdmin(access, "move buildings");
      return ok(
        await service.buildings.move({
          buildingIds: body.buildingIds,
          companyId: body.companyId,
          dryRun: query.dryRun,
          ...(query.expectedCompanyIds === undefined
            ? {}
            : { expectedCompanyIds: query.expectedCompanyIds }),
          actor: access.claims.email,
        }),
      );
    },
  }),
  defineRoute({
    method: "GET",
    path: "/audit",
    summary: "The audit trail (building moves and deletions), newest first (admin)",
    extension: true,
    query: auditQuery,
    body: ignoredBody,
    statuses: [200],
    response: { name: "AuditRecordPage", schema: pageSchema(auditRecordSchema) },
    async handle({ service, access, query }) {
      const { companyId, buildingId, page, limit } = query;
      for (const id of companyId ?? []) access.company(id);
      mustBeAdmin(access, "read the audit trail");
      const companyIds = companyId ?? (access.scoped ? access.companies : undefined);
      return ok(
        await service.audit.list({
          page,
          limit,
          ...(companyIds === undefined ? {} : { companyIds }),
          ...(buildingId === undefined ? {} : { buildingId }),
        }),
      );
    },
  }),
];
