/** The audit trail through a server: an extension of ours, used when the server announces it. */
import { operationExtension } from "../../core/extensions.js";
import { auditRecordSchema } from "../../core/model/audit.js";
import { DEFAULT_PAGE_LIMIT, pageSchema } from "../../core/model/common.js";
import type { AuditPort } from "../../core/ports/audit.js";
import type { ServerCapabilities } from "./capabilities.js";
import type { HttpClient } from "./client.js";

const auditPage = pageSchema(auditRecordSchema);

export function remoteAudit(client: HttpClient, capabilities: ServerCapabilities): AuditPort {
  return {
    async list(query) {
      await capabilities.require(
        operationExtension("GET", "/audit"),
        "the audit trail",
        "read the service's own history of changes, if it has one, in its web app",
      );
      const companies = query.companyIds;
      if (companies !== undefined && companies.length === 0) {
        // Records of no company: none (the query string cannot say "an empty list").
        const limit = query.limit ?? DEFAULT_PAGE_LIMIT;
        return { data: [], pagination: { page: query.page ?? 1, limit, total: 0 } };
      }
      return client.request("GET", "/audit", {
        schema: auditPage,
        query: {
          companyId: companies?.join(","),
          buildingId: query.buildingId,
          page: query.page,
          limit: query.limit,
        },
      });
    },
  };
}
