/**
 * Custom emission factors over HTTP: the spec lists a company's (`GET /emission-factors/custom`);
 * a get by id and the upsert are carbon's extensions, used only when the server announces them.
 */
import { operationExtension } from "../../core/extensions.js";
import { customFactorsResource } from "../../core/resources/custom-factors.js";
import type { CarbonService } from "../../core/service.js";
import type { ServerCapabilities } from "./capabilities.js";
import type { HttpClient } from "./client.js";
import { remoteResource } from "./resource-client.js";

export function remoteCustomFactors(
  client: HttpClient,
  capabilities: ServerCapabilities,
): CarbonService["customFactors"] {
  const port = remoteResource(client, capabilities, customFactorsResource);
  return {
    list: port.list,
    async get(id) {
      await capabilities.require(
        operationExtension("GET", customFactorsResource.operations.get.path),
        "reading one custom factor by id",
        "list the company's factors instead: carbon factors custom list --company ID",
      );
      return port.get(id);
    },
    async upsert(input) {
      await capabilities.require(
        operationExtension("POST", customFactorsResource.operations.upsert.path),
        "creating custom emission factors",
        "create the factor in the service itself",
      );
      return port.upsert(input);
    },
  };
}
