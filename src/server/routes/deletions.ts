/**
 * Deletions (docs/deleting.md). Consumptions are removed the specification's way, by
 * `POST /consumptions` with `removedAt` set (consumptions.ts calls `removeConsumption`); the
 * other resources have `DELETE` routes of ours. Every deletion is audited with the token's user.
 * A record of a company outside the token's scope answers 404 as if missing, then a role too
 * weak answers 403, then a building that still has consumptions answers 409 (unless
 * `withConsumptions=true`). `dryRun=true` answers what would be deleted and deletes nothing.
 */
import { z } from "zod";
import { CarbonError, notFound } from "../../core/errors.js";
import type { ConsumptionInput } from "../../core/model/consumption.js";
import {
  type DeletableResource,
  type DeletionResult,
  deletableResources,
  deletables,
  deletionResultSchema,
  type RoutedDeletable,
} from "../../core/model/deletion.js";
import type { CarbonService } from "../../core/service.js";
import type { Access } from "../access.js";
import { ignoredBody } from "../input.js";
import { type Answer, defineRoute, ok, param, type Route } from "../route.js";
import { authorOrAdmin } from "./comments.js";

const text = z.string({ error: "expected one value" });
const flag = text
  .pipe(z.enum(["true", "false"]))
  .transform((value) => value === "true")
  .default(false);

const deleteQuery = z.strictObject({
  dryRun: flag.meta({ description: "true: answer what would be deleted, delete nothing" }),
});
const buildingDeleteQuery = z.strictObject({
  dryRun: flag.meta({ description: "true: answer what would be deleted, delete nothing" }),
  withConsumptions: flag.meta({
    description: "true: delete the building's consumptions too (else a building with some is 409)",
  }),
});

/** Finds the record (404 when missing or out of scope), checks the role, then deletes. */
async function deleteOne(
  service: CarbonService,
  access: Access,
  request: {
    readonly resource: DeletableResource;
    readonly id: string;
    readonly dryRun: boolean;
    readonly withConsumptions?: boolean;
    /** The path's company, for a record found under it. */
    readonly companyId?: string;
  },
): Promise<DeletionResult> {
  const { resource, id, companyId } = request;
  // A company out of the token's scope is missing to it, as on the record's get.
  if (companyId !== undefined) access.company(companyId);
  const under = companyId === undefined ? {} : { companyId };
  // Where it belongs, before anything is refused: a dry run with its consumptions never conflicts.
  const probe = await service.deleteRecords({
    resource,
    ids: [id],
    dryRun: true,
    withConsumptions: true,
    ...under,
  });
  const found = probe.deleted[0];
  const { noun, plural, deleters } = deletables[resource];
  if (found === undefined || !access.sees(found.companyId)) throw notFound(noun, id);
  access.mayWriteAs(plural, deleters);
  if (resource === "comment") authorOrAdmin(access, { ...found.record, id: found.id }, "delete");
  return service.deleteRecords({
    resource,
    ids: [id],
    dryRun: request.dryRun,
    withConsumptions: request.withConsumptions === true,
    actor: access.claims.email,
    ...under,
  });
}

/** `POST /consumptions` with `removedAt`: the record must be the stored one's company's. */
export async function removeConsumption(
  service: CarbonService,
  access: Access,
  input: ConsumptionInput,
  dryRun: boolean,
): Promise<Answer> {
  const result = await deleteOne(service, access, {
    resource: "consumption",
    id: input.id,
    dryRun: true,
  });
  const stored = result.deleted[0];
  if (stored !== undefined && stored.companyId !== input.companyId.toLowerCase()) {
    throw new CarbonError(
      "conflict",
      `consumption ${stored.id} belongs to company ${stored.companyId}, not ${input.companyId}`,
    );
  }
  const done = dryRun
    ? result
    : await service.deleteRecords({
        resource: "consumption",
        ids: [input.id],
        actor: access.claims.email,
      });
  return ok({ outcome: "removed", ...done });
}

/** What docs/http-api.md and the OpenAPI document say each deletion route does. */
const summaries: Readonly<Record<RoutedDeletable, string>> = {
  building:
    "Delete a building, audited; with withConsumptions=true its consumptions too (member, admin)",
  customFactor:
    "Delete a custom emission factor, audited; its company's emissions are recalculated (member, admin)",
  supplier: "Delete a supplier or client, audited (member, admin)",
  wasteOperator: "Delete a waste operator, audited (member, admin)",
  comment: "Delete a comment, audited (its author, or an admin)",
  goal: "Delete a reduction goal, audited; a goal that still has tasks is 409 (member, admin)",
  task: "Delete a task of a goal, audited (member, admin)",
  invoice: "Delete an invoice with its lines' consumptions and emissions, audited (member, admin)",
  effluent: "Delete an effluent record, audited (member, admin)",
  vehicle:
    "Delete a vehicle of the fleet, audited; a vehicle that consumptions still belong to is 409 (member, admin)",
  certificate:
    "Delete an energy attribute certificate, audited; market-based scope 2 of its building is recalculated (member, admin)",
  customInput:
    "Delete a custom input, audited; an input that consumptions or invoices name is 409 (member, admin)",
  organizationLimit:
    "Delete an organization limit of the company, audited; nothing refers to a limit, so nothing refuses it (member, admin)",
};

function deleteRoute(resource: RoutedDeletable): Route {
  const path = deletables[resource].route;
  const summary = summaries[resource];
  const answer = { name: "DeletionResult", schema: deletionResultSchema };
  if (resource === "building") {
    return defineRoute({
      method: "DELETE",
      path,
      summary,
      extension: true,
      query: buildingDeleteQuery,
      body: ignoredBody,
      statuses: [200],
      response: answer,
      async handle({ service, access, params, query }) {
        return ok(
          await deleteOne(service, access, { resource, id: param(params, "id"), ...query }),
        );
      },
    });
  }
  return defineRoute({
    method: "DELETE",
    path,
    summary,
    extension: true,
    query: deleteQuery,
    body: ignoredBody,
    statuses: [200],
    response: answer,
    async handle({ service, access, params, query }) {
      return ok(
        await deleteOne(service, access, { resource, ...target(resource, params), ...query }),
      );
    },
  });
}

/** The record a route's path names, and its company when the record is found under one. */
function target(
  resource: RoutedDeletable,
  params: Readonly<Record<string, string>>,
): { readonly id: string; readonly companyId?: string } {
  if (deletables[resource].underCompany !== true) return { id: param(params, "id") };
  return { id: param(params, "limitId"), companyId: param(params, "id") };
}

export const deletionRoutes: readonly Route[] = deletableResources
  .filter((resource): resource is RoutedDeletable => resource !== "consumption")
  .map(deleteRoute);
