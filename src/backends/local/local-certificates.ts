/** The certificates part of the local engine: the rules in the port's transactions, and the regos dashboard. */
import type { CertificatesPort } from "../../core/ports/certificates.js";
import { getCertificate, listCertificates, upsertCertificate } from "../../rules/certificates.js";
import { regosDashboard } from "../../rules/regos-dashboard.js";
import type { StoreTransactions } from "../../rules/store.js";

export function localCertificates(rules: StoreTransactions): CertificatesPort {
  return {
    list: (query) => rules.read((t) => listCertificates(t, query)),
    get: (id) => rules.read((t) => getCertificate(t, id)),
    // The write's end settles the coverage of the buildings it touched (src/rules/certificate-cover.ts).
    upsert: (input) => rules.write((t) => upsertCertificate(t, input)),
    dashboard: (query) => rules.read((t) => regosDashboard(t, query)),
  };
}
