/**
 * GLEC entries through the interface: `POST|GET|DELETE /service-footprint/glec` are the
 * specification's; one entry by id is an extension a server must announce, and so are the ISO
 * 14083 action fields (without them, measured fuel is sent as the shipment's allocated rate). A dry run never
 * reaches the server: the client calculates with carbon's shipped GLEC factors. A listing sends
 * what the hosted service requires: a company and a period (every day carbon accepts, unless
 * --from/--to narrow it), under the hosted names `startDate`/`endDate`, which carbon serve takes too.
 */
import {
  GLEC_ALLOCATION_EXTENSION,
  GLEC_EVERY_COMPANY_EXTENSION,
  operationExtension,
} from "../../core/extensions.js";
import {
  glecEntryAnswerSchema,
  glecEntryInputSchema,
  glecReceiptAnswerSchema,
} from "../../core/model/glec.js";
import { MAX_YEAR, MIN_YEAR } from "../../core/model/text-values.js";
import { answerPageSchema } from "../../core/model/wire.js";
import type { GlecPort } from "../../core/ports/glec.js";
import { parseInput } from "../../core/validate.js";
import { calculateEntry } from "../../engine/glec/calculate.js";
import { shippedGlecFactors } from "../../shipped/glec-factors.js";
import type { ServerCapabilities } from "./capabilities.js";
import type { HttpClient } from "./client.js";
import { allocatedBody, glecRequestBody, iso14083Fields } from "./glec-body.js";

const entryPage = answerPageSchema(glecEntryAnswerSchema);
/** The period of a listing without --from/--to: every day a date of carbon may be. */
const FIRST_DAY = `${MIN_YEAR}-01-01`;
const LAST_DAY = `${MAX_YEAR}-12-31`;

export function remoteGlec(client: HttpClient, capabilities: ServerCapabilities): GlecPort {
  return {
    async submit(input) {
      let body = glecRequestBody(input);
      const fields = iso14083Fields(body);
      if (fields.length > 0 && !(await capabilities.offers(GLEC_ALLOCATION_EXTENSION))) {
        if (fields.includes("country")) {
          // The specification has no field for the grid an electric leg ran on.
          await capabilities.require(
            GLEC_ALLOCATION_EXTENSION,
            "the GLEC field country (the grid of an electric leg)",
            "submit to carbon serve, or give the electric legs without energyQuantity (the default intensity)",
          );
        }
        const entry = parseInput(glecEntryInputSchema, input, "GLEC entry");
        body = allocatedBody(body, calculateEntry(entry, shippedGlecFactors()));
      }
      return client.request("POST", "/service-footprint/glec", {
        schema: glecReceiptAnswerSchema,
        body,
      });
    },
    // No server offers a GLEC dry run: the client validates and calculates, and sends nothing.
    calculate: async (input) =>
      calculateEntry(parseInput(glecEntryInputSchema, input, "GLEC entry"), shippedGlecFactors()),
    async list(query) {
      if (query.companyId === undefined) {
        await capabilities.require(
          GLEC_EVERY_COMPANY_EXTENSION,
          "listing the GLEC entries of every company at once",
          "name the company with --company ID: carbon glec list --company ID",
        );
      }
      return client.request("GET", "/service-footprint/glec", {
        schema: entryPage,
        query: {
          companyId: query.companyId,
          startDate: query.from ?? FIRST_DAY,
          endDate: query.to ?? LAST_DAY,
          page: query.page,
          limit: query.limit,
        },
      });
    },
    async get(entryId) {
      await capabilities.require(
        operationExtension("GET", "/service-footprint/glec/{id}"),
        "reading one GLEC entry by id",
        "list the company's entries instead: carbon glec list --company ID",
      );
      return client.request("GET", `/service-footprint/glec/${encodeURIComponent(entryId)}`, {
        schema: glecEntryAnswerSchema,
      });
    },
    // The specification's path, with the id as a query parameter.
    delete: (entryId) =>
      client.request("DELETE", "/service-footprint/glec", {
        schema: glecReceiptAnswerSchema,
        query: { id: entryId },
      }),
  };
}
