/**
 * The certificates part of the remote engine: list, get and upsert derived from the descriptor
 * (extensions: used only where the server announces them), and the regos dashboard, the
 * specification's `GET /companies/{id}/buildings/regos-dashboard` with its query names.
 */

import { REGOS_PERIOD_EXTENSION } from "../../core/extensions.js";
import { REGOS_DASHBOARD_PATH, regosRowAnswerSchema } from "../../core/model/regos-dashboard.js";
import { answerPageSchema } from "../../core/model/wire.js";
import type { CertificatesPort } from "../../core/ports/certificates.js";
import { certificatesResource } from "../../core/resources/certificates.js";
import type { ServerCapabilities } from "./capabilities.js";
import type { HttpClient } from "./client.js";
import { fillPath, remoteResource } from "./resource-client.js";

const regosPageSchema = answerPageSchema(regosRowAnswerSchema);

export function remoteCertificates(
  client: HttpClient,
  capabilities: ServerCapabilities,
): CertificatesPort {
  return {
    ...remoteResource(client, capabilities, certificatesResource),
    async dashboard(query) {
      if (query.startDate !== undefined || query.endDate !== undefined) {
        await capabilities.require(
          REGOS_PERIOD_EXTENSION,
          "a period (startDate, endDate) on the regos dashboard",
          "leave out --from and --to: the dashboard then covers every period",
        );
      }
      // The spec's capitalised names; absent ones are left out, never sent empty.
      return client.request("GET", fillPath(REGOS_DASHBOARD_PATH, { id: query.companyId }), {
        schema: regosPageSchema,
        query: {
          CompanyId: query.companyId,
          BuildingId: query.buildingId,
          Cup: query.cup,
          startDate: query.startDate,
          endDate: query.endDate,
          page: query.page,
          limit: query.limit,
        },
      });
    },
  };
}
