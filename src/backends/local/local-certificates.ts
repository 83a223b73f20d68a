/** The certificates part of the local engine: the repository and the regos dashboard. */
import type { CertificatesPort } from "../../core/ports/certificates.js";
import { CertificateRepository } from "./certificates.js";
import type { LocalParts } from "./local-parts.js";
import { localResource } from "./local-resource.js";
import { RegosDashboard } from "./regos-dashboard.js";
import type { Transactions } from "./transaction-tools.js";

/** The port's part, with the repository that keyset streams read. */
export function localCertificates(
  parts: LocalParts,
  tx: Transactions,
): CertificatesPort & { readonly repository: CertificateRepository } {
  const repository = new CertificateRepository(parts.db, parts.companies, parts.buildings);
  const dashboard = new RegosDashboard(parts.db, parts.companies, parts.buildings, parts.refs);
  return {
    repository,
    // The write's end settles the coverage of the buildings it touched (certificate-cover.ts).
    ...localResource(repository, tx),
    dashboard: async (query) => tx.read(() => dashboard.page(query)),
  };
}
