/** Energy attribute certificates in SQLite: listed by period, upserted by id, one per cancellation. */
import { CarbonError, notFound } from "../../core/errors.js";
import {
  type Certificate,
  type CertificateInput,
  type CertificateTechnology,
  certificateInputSchema,
  certificateTechnologies,
} from "../../core/model/certificate.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import { ownerConflict } from "../../core/ownership.js";
import type { CertificateFilter } from "../../core/resources/certificates.js";
import { parseInput } from "../../core/validate.js";
import type { CompanyRepository } from "../../store/sqlite/companies.js";
import { CompanyListing } from "../../store/sqlite/company-listing.js";
import type { Db } from "../../store/sqlite/database.js";
import type { Keyset } from "../../store/sqlite/keyset.js";
import { lazy } from "../../store/sqlite/lazy.js";
import type { BuildingRepository } from "./buildings.js";

interface CertificateRow {
  id: string;
  company_id: string;
  company_ref: number;
  building_id: string;
  building_ref: number;
  cup: string | null;
  volume_mwh: number;
  period_from: string;
  period_to: string;
  technology: string;
  issuing_body: string;
  cancellation_id: string;
  country_code: string;
  created_at: string;
  updated_at: string;
}

const SELECT = `SELECT r.id, co.id AS company_id, r.company_ref, b.id AS building_id,
  r.building_ref, r.cup, r.volume_mwh, r.period_from, r.period_to, r.technology, r.issuing_body,
  r.cancellation_id, r.country_code, r.created_at, r.updated_at
  FROM certificates r JOIN companies co ON co.ref = r.company_ref
  JOIN buildings b ON b.ref = r.building_ref`;

function technologyOf(value: string): CertificateTechnology {
  return certificateTechnologies.find((technology) => technology === value) ?? "other";
}

function fromRow(row: CertificateRow): Certificate {
  return {
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

type UpsertParams = [
  string,
  number,
  number,
  string | null,
  number,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
  string,
];

/** A found certificate with the refs a deletion needs. */
export interface FoundCertificate {
  readonly certificate: Certificate;
  readonly buildingRef: number;
}

export class CertificateRepository {
  readonly #companies: CompanyRepository;
  readonly #buildings: BuildingRepository;
  readonly #byId;
  readonly #byCancellation;
  readonly #listing: CompanyListing<CertificateRow, Certificate>;
  readonly #upsert;
  readonly #delete;
  readonly #marketOf;

  constructor(db: Db, companies: CompanyRepository, buildings: BuildingRepository) {
    this.#companies = companies;
    this.#buildings = buildings;
    this.#byId = lazy(() => db.prepare<[string], CertificateRow>(`${SELECT} WHERE r.id = ?`));
    this.#byCancellation = lazy(() =>
      db.prepare<[string], CertificateRow>(`${SELECT} WHERE r.cancellation_id = ?`),
    );
    this.#listing = new CompanyListing(db, companies, {
      select: SELECT,
      table: "certificates",
      alias: "r",
      order: ["period_from", "id"],
      key: (row) => [row.period_from, row.id],
      decode: fromRow,
      buildings,
    });
    // created_at is kept on update; updated_at moves.
    this.#upsert = lazy(() =>
      db.prepare<UpsertParams>(
        `INSERT INTO certificates (id, company_ref, building_ref, cup, volume_mwh, period_from,
         period_to, technology, issuing_body, cancellation_id, country_code, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET
         building_ref = excluded.building_ref, cup = excluded.cup,
         volume_mwh = excluded.volume_mwh, period_from = excluded.period_from,
         period_to = excluded.period_to, technology = excluded.technology,
         issuing_body = excluded.issuing_body, cancellation_id = excluded.cancellation_id,
         country_code = excluded.country_code, updated_at = excluded.updated_at`,
      ),
    );
    this.#delete = lazy(() => db.prepare<[string]>("DELETE FROM certificates WHERE id = ?"));
    this.#marketOf = lazy(() =>
      db
        .prepare<[number], string | null>(
          `SELECT coalesce(b.country, co.country) FROM buildings b
           JOIN companies co ON co.ref = b.company_ref WHERE b.ref = ?`,
        )
        .pluck(),
    );
  }

  find(id: string): FoundCertificate | undefined {
    const row = this.#byId().get(id.trim().toLowerCase());
    return row === undefined
      ? undefined
      : { certificate: fromRow(row), buildingRef: row.building_ref };
  }

  get(id: string): Certificate {
    const found = this.find(id);
    if (found === undefined) throw notFound("certificate", id);
    return found.certificate;
  }

  list(query: CertificateFilter & PageQuery): Page<Certificate> {
    return this.#listing.list(query);
  }

  keyset(filter: CertificateFilter): Keyset<CertificateRow, Certificate> {
    return this.#listing.keyset(filter);
  }

  delete(id: string): void {
    this.#delete().run(id);
  }

  /**
   * Upsert by id, replacing every field but createdAt. The company and building must exist
   * (not_found) and the building be the company's; a certificate keeps its company; its
   * cancellation id is no other certificate's; its country is its building's market. The
   * coverage of its building (and of the one it left) is settled by the write's end.
   */
  upsert(input: CertificateInput): Certificate {
    const parsed = parseInput(certificateInputSchema, input, "certificate");
    const id = parsed.id.toLowerCase();
    const company = this.#companies.get(parsed.companyId);
    const building = this.#buildings.get(parsed.buildingId);
    if (building.companyRef !== company.ref) {
      throw new CarbonError(
        "validation",
        `building ${building.id} belongs to company ${building.companyId}, not ${company.id}`,
        { issues: [{ path: "buildingId", message: `not a building of company ${company.id}` }] },
      );
    }
    const before = this.#byId().get(id);
    if (before !== undefined && before.company_ref !== company.ref) {
      throw ownerConflict("certificate", id, before.company_id, company.id);
    }
    const other = this.#byCancellation().get(parsed.cancellationId);
    if (other !== undefined && other.id !== id) {
      throw new CarbonError(
        "conflict",
        `cancellation id "${parsed.cancellationId}" is already recorded by certificate ${other.id}; a cancelled certificate counts once`,
        { issues: [{ path: "cancellationId", message: `taken by certificate ${other.id}` }] },
      );
    }
    const market = this.#marketOf().get(building.ref) ?? null;
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
    const now = new Date().toISOString();
    this.#upsert().run(
      id,
      company.ref,
      building.ref,
      parsed.cup,
      parsed.volumeMwh,
      parsed.periodFrom,
      parsed.periodTo,
      parsed.technology,
      parsed.issuingBody,
      parsed.cancellationId,
      parsed.countryCode,
      now,
      now,
    );
    return this.get(id);
  }
}
