import { factorDiffQuery, factorsQuery, ignoredBody, noQuery, resolveQuery } from "../input.js";
import { defineRoute, ok, type Route } from "../route.js";
import { responses } from "../schemas.js";

/** Who-am-i and the factor library: no company data, every role reads (the category tree is a read-only resource). */
export const referenceRoutes: readonly Route[] = [
  defineRoute({
    method: "POST",
    path: "/auth/who-am-i",
    summary:
      "The bearer of the token (e-mail, role, companies, validity), the server's instance id and the extensions it offers",
    query: noQuery,
    body: ignoredBody,
    statuses: [200],
    response: responses.whoAmI,
    async handle({ service, access, server }) {
      const { email, role, companies, issuedAt, expiresAt, userId } = access.claims;
      const instance = server.instanceId === undefined ? {} : { instanceId: server.instanceId };
      // A token of a stored account also says the account's id and hosted role.
      const account = userId === undefined ? undefined : await service.users.get(userId);
      return ok({
        email,
        role,
        ...(account === undefined ? {} : { userId: account.id, roles: account.roles }),
        companies,
        issuedAt,
        expiresAt,
        ...instance,
        extensions: server.extensions,
      });
    },
  }),
  defineRoute({
    method: "GET",
    path: "/emission-factors",
    summary: "List the default emission factor library",
    extension: true,
    query: factorsQuery,
    body: ignoredBody,
    statuses: [200],
    response: responses.factors,
    async handle({ service, query }) {
      return ok(await service.factors.list(query));
    },
  }),
  defineRoute({
    method: "GET",
    path: "/emission-factors/releases",
    summary: "The factor library releases the server's database loaded, oldest first",
    extension: true,
    query: noQuery,
    body: ignoredBody,
    statuses: [200],
    response: responses.factorReleases,
    async handle({ service }) {
      return ok(await service.factors.releases());
    },
  }),
  defineRoute({
    method: "GET",
    path: "/emission-factors/diff",
    summary: "The factors added, changed and removed between two library releases",
    extension: true,
    query: factorDiffQuery,
    body: ignoredBody,
    statuses: [200],
    response: responses.factorChanges,
    async handle({ service, query }) {
      return ok(await service.factors.diff({ from: query.from, to: query.to }));
    },
  }),
  defineRoute({
    method: "GET",
    path: "/emission-factors/resolve",
    summary: "The factor a consumption of this category, country and year would use",
    extension: true,
    query: resolveQuery,
    body: ignoredBody,
    statuses: [200],
    response: responses.resolution,
    async handle({ service, access, query }) {
      if (query.companyId !== undefined) access.company(query.companyId);
      return ok(
        await service.factors.resolve({
          category: query.category,
          country: query.country ?? null,
          year: query.year,
          ...(query.companyId === undefined ? {} : { companyId: query.companyId }),
          ...(query.proxies === undefined ? {} : { proxies: query.proxies }),
        }),
      );
    },
  }),
];
