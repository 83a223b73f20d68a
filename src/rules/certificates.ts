/**
 * Energy attribute certificates (docs/certificates.md): each on a building of its company, kept
 * by its company, one per cancellation id, of its building's market. The coverage they give is
 * settled when the write ends (src/rules/certificate-cover.ts, on any store).
 */
import { CarbonError, notFound } from "../core/errors.js";
import {
  type Certificate,
  type CertificateInput,
  certificateInputSchema,
} from "../core/model/certificate.js";
import type { Page, PageQuery } from "../core/model/common.js";
import { ownerConflict } from "../core/ownership.js";
import type { CertificateFilter } from "../core/resources/certificates.js";
import { parseInput } from "../core/validate.js";
import { companyOf } from "./companies.js";
import type { StoreTransaction } from "./store.js";

export async function getCertificate(tx: StoreTransaction, id: string): Promise<Certificate> {
  const found = await tx.certificates.find(id.trim().toLowerCase());
  if (found === undefined) throw notFound("certificate", id);
  const { companyRef: _, ...certificate } = found;
  return certificate;
}

export async function listCertificates(
  tx: StoreTransaction,
  query: CertificateFilter & PageQuery,
): Promise<Page<Certificate>> {
  return tx.certificates.list(query);
}

/**
 * Upsert by id, replacing every field but createdAt. The company and building must exist
 * (not_found) and the building be the company's; a certificate keeps its company; its
 * cancellation id is no other certificate's; its country is its building's market.
 */
export async function upsertCertificate(
  tx: StoreTransaction,
  input: CertificateInput,
): Promise<Certificate> {
  const parsed = parseInput(certificateInputSchema, input, "certificate");
  const id = parsed.id.toLowerCase();
  const company = await companyOf(tx, parsed.companyId);
  const building = await tx.buildings.find(parsed.buildingId);
  if (building === undefined) throw notFound("building", parsed.buildingId);
  if (building.companyRef !== company.ref) {
    throw new CarbonError(
      "validation",
      `building ${building.id} belongs to company ${building.companyId}, not ${company.id}`,
      { issues: [{ path: "buildingId", message: `not a building of company ${company.id}` }] },
    );
  }
  const before = await tx.certificates.find(id);
  if (before !== undefined && before.companyRef !== company.ref) {
    throw ownerConflict("certificate", id, before.companyId, company.id);
  }
  const other = await tx.certificates.findByCancellation(parsed.cancellationId);
  if (other !== undefined && other.id !== id) {
    throw new CarbonError(
      "conflict",
      `cancellation id "${parsed.cancellationId}" is already recorded by certificate ${other.id}; a cancelled certificate counts once`,
      { issues: [{ path: "cancellationId", message: `taken by certificate ${other.id}` }] },
    );
  }
  // The building's market: its own country, else its company's (the certificate's company).
  const market = building.country ?? company.country;
  if (market === null || market.split("-")[0] !== parsed.countryCode.split("-")[0]) {
    const where =
      market === null ? "has no country (nor has its company)" : `is in market ${market}`;
    throw new CarbonError(
      "validation",
      `certificate of market ${parsed.countryCode}: building ${building.id} ${where}; a certificate covers consumption of its own market only`,
      {
        issues: [
          { path: "countryCode", message: `not the building's market (${market ?? "none"})` },
        ],
      },
    );
  }
  await tx.certificates.save(
    {
      id,
      companyRef: company.ref,
      buildingRef: building.ref,
      cup: parsed.cup,
      volumeMwh: parsed.volumeMwh,
      periodFrom: parsed.periodFrom,
      periodTo: parsed.periodTo,
      technology: parsed.technology,
      issuingBody: parsed.issuingBody,
      cancellationId: parsed.cancellationId,
      countryCode: parsed.countryCode,
    },
    new Date().toISOString(),
  );
  return getCertificate(tx, id);
}
