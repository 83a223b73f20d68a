/** The certificates part of the local engine: the rules in the port's transactions, and the regos dashboard. */
import type { CertificatesPort } from "../../core/ports/certificates.js";
import { getCertificate, listCertificates, upsertCertificate } from "../../rules/certificates.js";
import type { StoreTransactions } from "../../rules/store.js";
import type { LocalParts } from "./local-parts.js";
import { RegosDashboard } from "./regos-dashboard.js";
import type { Transactions } from "./transaction-tools.js";

export function localCertificates(
  parts: LocalParts,
  tx: Transactions,
  rules: StoreTransactions,
): CertificatesPort {
  const dashboard = new RegosDashboard(parts.db, parts.companies, parts.buildings, parts.refs);
  return {
    list: (query) => rules.read((t) => listCertificates(t, query)),
    get: (id) => rules.read((t) => getCertificate(t, id)),
    // The write's end settles the coverage of the buildings it touched (certificate-settle.ts).
    upsert: (input) => rules.write((t) => upsertCertificate(t, input)),
    dashboard: async (query) => tx.read(() => dashboard.page(query)),
  };
}
