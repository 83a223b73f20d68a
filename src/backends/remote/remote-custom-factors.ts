/**
 * Custom emission factors over HTTP: the spec lists a company's (`GET /emission-factors/custom`);
 * a get by id and the upsert are carbon's extensions, used only when the server announces them,
 * and so are validity dates and the recalculation an upsert reports (`customFactorValidity`).
 */
import { CUSTOM_FACTOR_VALIDITY_EXTENSION, operationExtension } from "../../core/extensions.js";
import { answeredRecalculationSchema } from "../../core/model/custom-factor-change.js";
import type { CustomFactorInput } from "../../core/model/factor.js";
import type { CustomFactorsPort } from "../../core/ports/custom-factors.js";
import { customFactorsResource } from "../../core/resources/custom-factors.js";
import type { ServerCapabilities } from "./capabilities.js";
import type { HttpClient } from "./client.js";
import { fillPath, presentFields, remoteResource } from "./resource-client.js";

const UPSERT_PATH = customFactorsResource.operations.upsert.path;

export function remoteCustomFactors(
  client: HttpClient,
  capabilities: ServerCapabilities,
): CustomFactorsPort {
  const port = remoteResource(client, capabilities, customFactorsResource);
  const requireUpsert = () =>
    capabilities.require(
      operationExtension("POST", UPSERT_PATH),
      "creating custom emission factors",
      "create the factor in the service itself",
    );
  /** Validity dates go only to a server that announces them; `--year` goes anywhere. */
  const requireValidity = async (input: CustomFactorInput) => {
    if (input.validFrom == null && input.validTo == null) return;
    await capabilities.require(
      CUSTOM_FACTOR_VALIDITY_EXTENSION,
      "custom factors with validity dates (validFrom, validTo)",
      "give a calendar year instead (--year), or create the factor in the service itself",
    );
  };
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
      await requireUpsert();
      await requireValidity(input);
      return withoutRecalculation(await port.upsert(input)).factor;
    },
    async change(input, { dryRun }) {
      await requireUpsert();
      if (!(await capabilities.offers(CUSTOM_FACTOR_VALIDITY_EXTENSION))) {
        await requireValidity(input);
        if (dryRun) {
          await capabilities.require(
            CUSTOM_FACTOR_VALIDITY_EXTENSION,
            "a dry run of a custom factor (what its recalculation would move)",
            "create it without --dry-run, or compare `carbon emissions dashboard` before and after",
          );
        }
        return {
          factor: withoutRecalculation(await port.upsert(input)).factor,
          recalculation: null,
        };
      }
      const answer = await client.request("POST", fillPath(UPSERT_PATH, {}), {
        schema: customFactorsResource.answer,
        body: presentFields(input),
        query: { dryRun: dryRun ? "true" : undefined },
      });
      const { factor, recalculation } = withoutRecalculation(answer);
      return { factor, recalculation: answeredRecalculationSchema.parse(recalculation ?? null) };
    },
  };
}

/** The loose answer keeps a server's `recalculation`, which is not part of the factor. */
function withoutRecalculation<T extends object>(answer: T): { factor: T; recalculation: unknown } {
  const { recalculation, ...factor } = answer as T & { recalculation?: unknown };
  return { factor: factor as T, recalculation };
}
