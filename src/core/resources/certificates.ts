/**
 * Energy attribute certificates as a plain resource (docs/certificates.md). The specification
 * has none of their routes: listing, get, upsert (and the delete of src/server/routes/deletions.ts)
 * are extensions of carbon serve, used only where a server announces them. Their effect on
 * market-based emissions lives in src/engine/certificate-cover.ts (the allocation) and
 * src/store/sqlite/certificate-cover.ts (what triggers mark, and the covered kWh).
 */
import { z } from "zod";
import {
  type Certificate,
  type CertificateInput,
  certificateAnswerSchema,
  certificateInputSchema,
  certificateSchema,
} from "../model/certificate.js";
import { uuidSchema } from "../model/common.js";
import type { ResourceDescriptor } from "../resource.js";
import { companyOwned, oneUuid, sameId } from "./fields.js";

/** Without a company: every company the token sees; a building narrows to its certificates. */
export interface CertificateFilter {
  readonly companyId?: string;
  readonly buildingId?: string;
}

export const certificatesResource: ResourceDescriptor<
  Certificate,
  CertificateInput,
  CertificateFilter
> = {
  name: "certificates",
  singular: "certificate",
  record: certificateSchema,
  // What a remote answer needs; unknown fields kept.
  answer: certificateAnswerSchema,
  input: certificateInputSchema,
  schemaNames: { record: "Certificate", input: "CertificateInput" },
  filter: z.strictObject({ companyId: uuidSchema.optional(), buildingId: uuidSchema.optional() }),
  filterFields: { companyId: oneUuid.optional(), buildingId: oneUuid.optional() },
  listQuery: (filter) => ({ companyId: filter.companyId, buildingId: filter.buildingId }),
  order: [
    { name: "periodFrom", value: (record) => record.periodFrom },
    { name: "id", value: (record) => record.id },
  ],
  ...companyOwned<Certificate, CertificateInput, CertificateFilter>(),
  everything: {},
  writers: ["admin", "member"],
  operations: {
    list: { path: "/certificates", spec: false },
    get: { path: "/certificates/{id}", spec: false },
    upsert: { path: "/certificates", spec: false },
  },
  summaries: {
    list: "List energy attribute certificates (guarantees of origin, REGOs), of one company (and building) or of every company the token sees",
    get: "Get one energy attribute certificate",
    upsert:
      "Create or update an energy attribute certificate by its id; market-based scope 2 of its building is recalculated (member, admin)",
  },
  upsertRefusal: {
    what: "energy attribute certificates",
    instead: "record certificates in the service itself, or against carbon serve",
  },
  matches: (certificate, filter) =>
    sameId(certificate.companyId, filter.companyId) &&
    sameId(certificate.buildingId, filter.buildingId),
  upsertNote:
    "409 when another certificate has the cancellation id; 422 when the building is not the company's or its market is not the certificate's country",
};

declare module "../resource-types.js" {
  interface ResourceTypes {
    readonly certificates: {
      readonly record: Certificate;
      readonly input: CertificateInput;
      readonly filter: CertificateFilter;
    };
  }
}
