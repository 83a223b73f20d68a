/**
 * The specification's `GET /companies/{id}/buildings/regos-dashboard` (docs/certificates.md):
 * its query names `CompanyId`, `BuildingId` and `Cup` (camelCase taken too), the hosted
 * service's `startDate`/`endDate`, and `page`/`limit`.
 */
import { z } from "zod";
import { pageSchema, uuidSchema } from "../../core/model/common.js";
import { REGOS_DASHBOARD_PATH, regosRowSchema } from "../../core/model/regos-dashboard.js";
import { date, ignoredBody, pageFields, text } from "../input.js";
import { defineRoute, ok, param, type Route } from "../route.js";

const id = text.trim().pipe(uuidSchema);

const regosQuery = z
  .strictObject({
    CompanyId: id.optional().meta({ description: "the company; must be the path's when given" }),
    companyId: id.optional().meta({ description: "the same as CompanyId" }),
    BuildingId: id.optional().meta({ description: "one building of the company" }),
    buildingId: id.optional().meta({ description: "the same as BuildingId" }),
    Cup: text.optional().meta({ description: "one supply point (CUPS), spaces and case ignored" }),
    cup: text.optional().meta({ description: "the same as Cup" }),
    startDate: date.optional().meta({ description: "first day YYYY-MM-DD, shared out by day" }),
    endDate: date.optional().meta({ description: "last day YYYY-MM-DD, included" }),
    ...pageFields,
  })
  .transform((query, ctx) => {
    const both = (ours: string, theirs: string) =>
      ctx.addIssue({
        code: "custom",
        path: [theirs],
        message: `give ${ours} or ${theirs}, not both`,
      });
    if (query.CompanyId !== undefined && query.companyId !== undefined)
      both("CompanyId", "companyId");
    if (query.BuildingId !== undefined && query.buildingId !== undefined)
      both("BuildingId", "buildingId");
    if (query.Cup !== undefined && query.cup !== undefined) both("Cup", "cup");
    return {
      companyId: query.CompanyId ?? query.companyId,
      buildingId: query.BuildingId ?? query.buildingId,
      cup: query.Cup ?? query.cup,
      startDate: query.startDate,
      endDate: query.endDate,
      page: query.page,
      limit: query.limit,
    };
  });

export const regosDashboardRoutes: readonly Route[] = [
  defineRoute({
    method: "GET",
    path: REGOS_DASHBOARD_PATH,
    summary:
      "Regos dashboard: per building and supply point, electricity consumed and covered by certificates (kWh, %), location- and market-based kgCO2e",
    extension: false,
    query: regosQuery,
    body: ignoredBody,
    statuses: [200],
    response: { name: "RegosDashboardPage", schema: pageSchema(regosRowSchema) },
    async handle({ service, access, params, query }) {
      const companyId = param(params, "id");
      access.company(companyId);
      if (
        query.companyId !== undefined &&
        query.companyId.toLowerCase() !== companyId.toLowerCase()
      ) {
        access.company(query.companyId);
      }
      return ok(
        await service.certificates.dashboard({
          ...query,
          companyId: query.companyId ?? companyId,
        }),
      );
    },
  }),
];
