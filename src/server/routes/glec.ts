/**
 * GLEC service footprint entries (spec: /api/v1/service-footprint/glec). The specification gives
 * POST's body and answer; GET and DELETE exist there without parameters, so theirs are ours
 * (docs/http-api.md): a list with companyId, a period (from/to, or the hosted service's
 * startDate/endDate), page and limit, and delete with the id as a query parameter (as the
 * specification writes it). One entry by id (GET and DELETE `/{id}`) is ours.
 */
import { notFound } from "../../core/errors.js";
import type { GlecEntry } from "../../core/model/glec.js";
import type { CarbonService } from "../../core/service.js";
import { type Access, findOrUndefined } from "../access.js";
import { glecDeleteQuery, glecQuery, ignoredBody, noQuery } from "../input.js";
import { defineRoute, ok, param, type Route, upserted } from "../route.js";
import { bodies, responses } from "../schemas.js";
import { byKeys, emptyWhenMissing, unionPage } from "../union.js";

const PATH = "/service-footprint/glec";

const byStartThenId = byKeys<GlecEntry>(
  (entry) => entry.startDate,
  (entry) => entry.id,
);

/** The entry, or not_found when it is missing or belongs to a company outside the token's. */
async function visibleEntry(service: CarbonService, access: Access, id: string) {
  const entry = await service.glec.get(id);
  if (!access.sees(entry.companyId)) throw notFound("GLEC entry", id);
  return entry;
}

/** Deletes the entry the token sees, naming the token's user in the audit trail. */
async function deleteVisible(service: CarbonService, access: Access, id: string) {
  const entry = await visibleEntry(service, access, id);
  access.mayWrite("GLEC entries");
  return ok(await service.glec.delete(entry.id, { actor: access.claims.email }));
}

export const glecRoutes: readonly Route[] = [
  defineRoute({
    method: "POST",
    path: PATH,
    summary:
      "Submit a GLEC service footprint entry: validated, calculated and stored; the same id replaces it (member, admin)",
    query: noQuery,
    ...bodies.glecEntry,
    statuses: [201, 200],
    response: responses.glecReceipt,
    async handle({ service, access, body }) {
      access.company(body.companyId);
      const before = await findOrUndefined(() => service.glec.get(body.id));
      if (before !== undefined && !access.sees(before.companyId)) {
        throw notFound("GLEC entry", body.id);
      }
      access.mayWrite("GLEC entries");
      return upserted(before === undefined, await service.glec.submit(body));
    },
  }),
  defineRoute({
    method: "GET",
    path: PATH,
    summary: "List GLEC entries with their calculation (a scoped token: its companies)",
    query: glecQuery,
    body: ignoredBody,
    statuses: [200],
    response: responses.glecEntries,
    async handle({ service, access, query }) {
      if (query.companyId !== undefined) {
        access.company(query.companyId);
        return ok(await service.glec.list(query));
      }
      if (!access.scoped) return ok(await service.glec.list(query));
      const sources = access.companies.map((companyId) =>
        emptyWhenMissing((window) => service.glec.list({ ...query, ...window, companyId })),
      );
      return ok(await unionPage(sources, byStartThenId, query));
    },
  }),
  defineRoute({
    method: "GET",
    path: `${PATH}/{id}`,
    summary: "Get one GLEC entry with its per-leg calculation",
    extension: true,
    query: noQuery,
    body: ignoredBody,
    statuses: [200],
    response: responses.glecEntry,
    async handle({ service, access, params }) {
      return ok(await visibleEntry(service, access, param(params, "id")));
    },
  }),
  defineRoute({
    method: "DELETE",
    path: PATH,
    summary: "Delete one GLEC entry, named by the id query parameter (member, admin)",
    query: glecDeleteQuery,
    body: ignoredBody,
    statuses: [200],
    response: responses.glecReceipt,
    handle: ({ service, access, query }) => deleteVisible(service, access, query.id),
  }),
  defineRoute({
    method: "DELETE",
    path: `${PATH}/{id}`,
    summary: "Delete one GLEC entry (member, admin)",
    extension: true,
    query: noQuery,
    body: ignoredBody,
    statuses: [200],
    response: responses.glecReceipt,
    handle: ({ service, access, params }) => deleteVisible(service, access, param(params, "id")),
  }),
];
