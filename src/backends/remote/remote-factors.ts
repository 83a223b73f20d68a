/**
 * The factor library over HTTP: listing and resolution are carbon's extensions, used only when
 * the server announces them; otherwise the command says so and points at the local engine.
 */

import { z } from "zod";
import { operationExtension } from "../../core/extensions.js";
import {
  calculationPolicySchema,
  policyChangeResultSchema,
} from "../../core/model/calculation-policy.js";
import { pageSchema } from "../../core/model/common.js";
import { emissionFactorSchema, factorResolutionSchema } from "../../core/model/factor.js";
import {
  factorChangeAnswerSchema,
  factorReleaseAnswerSchema,
} from "../../core/model/factor-release.js";
import type { FactorsPort } from "../../core/ports/factors.js";
import type { ServerCapabilities } from "./capabilities.js";
import type { HttpClient } from "./client.js";

export function remoteFactors(client: HttpClient, capabilities: ServerCapabilities): FactorsPort {
  return {
    async releases() {
      await capabilities.require(
        operationExtension("GET", "/emission-factors/releases"),
        "the factor library's releases",
        "list the releases of a local database: carbon --local factors releases",
      );
      return client.request("GET", "/emission-factors/releases", {
        schema: z.array(factorReleaseAnswerSchema),
      });
    },
    async diff(query) {
      await capabilities.require(
        operationExtension("GET", "/emission-factors/diff"),
        "a diff of factor library releases",
        "compare the releases of a local database: carbon --local factors diff OLD NEW",
      );
      return client.request("GET", "/emission-factors/diff", {
        schema: z.array(factorChangeAnswerSchema),
        query: { from: query.from, to: query.to },
      });
    },
    async list(query) {
      await capabilities.require(
        operationExtension("GET", "/emission-factors"),
        "a listing of emission factors",
        "list the factors shipped with carbon on the local engine: carbon --local factors list",
      );
      return client.request("GET", "/emission-factors", {
        schema: pageSchema(emissionFactorSchema),
        query: { key: query.key, country: query.country, page: query.page, limit: query.limit },
      });
    },
    async resolve(query) {
      await capabilities.require(
        operationExtension("GET", "/emission-factors/resolve"),
        "factor resolution",
        "resolve with the factors shipped with carbon on the local engine: carbon --local factors resolve …",
      );
      return client.request("GET", "/emission-factors/resolve", {
        schema: factorResolutionSchema,
        query: {
          category: query.category,
          country: query.country ?? undefined,
          year: query.year,
          companyId: query.companyId,
          proxies: query.proxies,
        },
      });
    },
    // The database's policy: an extension a server may announce (carbon serve does not).
    async policy() {
      await requirePolicy(capabilities, "GET");
      return client.request("GET", "/emission-factors/policy", {
        schema: calculationPolicySchema,
      });
    },
    async changePolicy(change) {
      await requirePolicy(capabilities, "POST");
      return client.request("POST", "/emission-factors/policy", {
        schema: policyChangeResultSchema,
        body: change,
      });
    },
  };
}

function requirePolicy(capabilities: ServerCapabilities, method: "GET" | "POST"): Promise<void> {
  return capabilities.require(
    operationExtension(method, "/emission-factors/policy"),
    "a database's GWP set and proxy policy",
    "they are a local database's: carbon --local factors gwp, carbon --local factors proxies",
  );
}
