/**
 * Energy attribute certificates and invoices as both stores read them back: each table's
 * columns as its SELECT names them (refs and figures as numbers) and the record they make.
 */

import { invoiceLineConsumptionId } from "../core/ids.js";
import {
  type Certificate,
  type CertificateTechnology,
  certificateTechnologies,
} from "../core/model/certificate.js";
import type { Invoice, LineEmissionStatus } from "../core/model/invoice.js";
import type { Owned, StoredInvoice, StoredInvoiceLine } from "../rules/store.js";

export interface CertificateColumns {
  readonly id: string;
  readonly company_id: string;
  readonly company_ref: number;
  readonly building_id: string;
  readonly building_ref: number;
  readonly cup: string | null;
  readonly volume_mwh: number;
  readonly period_from: string;
  readonly period_to: string;
  readonly technology: string;
  readonly issuing_body: string;
  readonly cancellation_id: string;
  readonly country_code: string;
  readonly created_at: string;
  readonly updated_at: string;
}

function technologyOf(value: string): CertificateTechnology {
  return certificateTechnologies.find((technology) => technology === value) ?? "other";
}

export function certificateOf(row: CertificateColumns): Owned<Certificate> {
  return {
    companyRef: row.company_ref,
    id: row.id,
    companyId: row.company_id,
    buildingId: row.building_id,
    cup: row.cup,
    volumeMwh: row.volume_mwh,
    periodFrom: row.period_from,
    periodTo: row.period_to,
    technology: technologyOf(row.technology),
    issuingBody: row.issuing_body,
    cancellationId: row.cancellation_id,
    countryCode: row.country_code,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The certificate as lists and answers give it, without its company's key. */
export function plainCertificate(row: CertificateColumns): Certificate {
  const { companyRef: _, ...certificate } = certificateOf(row);
  return certificate;
}

/** An invoice's columns but its lines, which each store reads back as it keeps them. */
export interface InvoiceColumns {
  readonly id: string;
  readonly company_id: string;
  readonly building_id: string;
  readonly type: string;
  readonly status: string;
  readonly cup: string | null;
  readonly start_date: string;
  readonly end_date: string;
  readonly supplier: string | null;
  readonly total_cost: number;
  readonly currency: string;
  readonly country_code: string | null;
  readonly external_id: string | null;
  readonly waste_type: string | null;
  readonly waste_disposal_method: string | null;
  readonly waste_operator_id: string | null;
  readonly provider: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

/** An invoice's lines as saved: the column holds only the arrays the stores wrote. */
export function storedInvoiceLines(value: unknown): StoredInvoiceLine[] {
  return Array.isArray(value) ? (value as StoredInvoiceLine[]) : [];
}

/** The consumption ids the lines of an invoice may have, one per line, in line order. */
export function lineConsumptionIds(
  invoiceId: string,
  lines: readonly StoredInvoiceLine[],
): string[] {
  return lines.map((_line, index) => invoiceLineConsumptionId(invoiceId, index));
}

/** The stored figure (co2e, location-based) of each line consumption that exists, by its id. */
export type LineEmissions = ReadonlyMap<string, { readonly co2e: number | null }>;

/**
 * The invoice with each line's consumption and emission as `emissions` has them, and the
 * consumptions its lines have now (counted or not).
 */
export function storedInvoiceOf(
  row: InvoiceColumns,
  stored: readonly StoredInvoiceLine[],
  emissions: LineEmissions,
): StoredInvoice {
  const consumptionIds: string[] = [];
  const lines = stored.map((line, index) => {
    const id = invoiceLineConsumptionId(row.id, index);
    const found = emissions.get(id);
    if (found !== undefined) consumptionIds.push(id);
    const consumption = line.counted === "not_counted" ? undefined : found;
    // co2e is null exactly while the direct line's location basis awaits a factor.
    const calculated = consumption !== undefined && consumption.co2e !== null;
    const status: LineEmissionStatus =
      consumption === undefined ? line.counted : calculated ? "calculated" : "awaiting_factor";
    return {
      quantity: line.quantity,
      unit: line.unit,
      fuel: line.fuel,
      type: line.type,
      emissionEntityId: consumption === undefined ? null : id,
      emissions: calculated ? consumption.co2e : null,
      emissionStatus: status,
    };
  });
  const invoice: Invoice = {
    id: row.id,
    type: row.type,
    status: row.status,
    companyId: row.company_id,
    buildingId: row.building_id,
    startDate: row.start_date,
    endDate: row.end_date,
    cup: row.cup,
    supplier: row.supplier,
    totalCost: row.total_cost,
    currency: row.currency,
    countryCode: row.country_code,
    externalId: row.external_id,
    wasteType: row.waste_type,
    wasteDisposalMethod: row.waste_disposal_method,
    wasteOperatorId: row.waste_operator_id,
    provider: row.provider,
    lines,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
  return { ...invoice, consumptionIds };
}

/** The invoice as lists give it, without the consumptions of its lines. */
export function plainInvoice(stored: StoredInvoice): Invoice {
  const { consumptionIds: _, ...invoice } = stored;
  return invoice;
}
