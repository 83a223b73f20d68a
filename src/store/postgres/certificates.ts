/**
 * Energy attribute certificates in PostgreSQL: a company table, listed by period, saved by id,
 * found by cancellation id (the rules keep one certificate per cancellation id).
 */
import type { Certificate } from "../../core/model/certificate.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import type { CertificateFilter } from "../../core/resources/certificates.js";
import type { CertificateRecord, CertificateTable, Owned } from "../../rules/store.js";
import {
  type CertificateColumns,
  certificateOf,
  plainCertificate,
} from "../stored-certificates.js";
import { CompanyListing } from "./company-listing.js";
import type { Queryable } from "./transactions.js";
import { storedIdsOf } from "./uuids.js";

const SELECT = `SELECT r.id, co.id AS company_id, r.company_ref, b.id AS building_id,
  r.building_ref, r.cup, r.volume_mwh, r.period_from, r.period_to, r.technology, r.issuing_body,
  r.cancellation_id, r.country_code, r.created_at, r.updated_at
  FROM certificates r JOIN companies co ON co.ref = r.company_ref
  JOIN buildings b ON b.company_ref = r.company_ref AND b.ref = r.building_ref`;

export class PostgresCertificates implements CertificateTable {
  readonly #db: Queryable;
  readonly #listing: CompanyListing<CertificateColumns, Certificate>;

  constructor(db: Queryable) {
    this.#db = db;
    this.#listing = new CompanyListing(db, {
      select: SELECT,
      table: "certificates",
      alias: "r",
      order: ["r.period_from", "r.id"],
      decode: plainCertificate,
    });
  }

  async find(id: string): Promise<Owned<Certificate> | undefined> {
    return (await this.findMany([id]))[0];
  }

  async findMany(ids: readonly string[]): Promise<Owned<Certificate>[]> {
    const wanted = storedIdsOf(ids);
    if (wanted.length === 0) return [];
    const found = await this.#db.query<CertificateColumns>(
      `${SELECT} WHERE r.id = ANY($1::uuid[])`,
      [wanted],
    );
    return found.rows.map(certificateOf);
  }

  async findByCancellation(cancellationId: string): Promise<Certificate | undefined> {
    const found = await this.#db.query<CertificateColumns>(
      `${SELECT} WHERE r.cancellation_id = $1 ORDER BY r.company_ref, r.id LIMIT 1`,
      [cancellationId],
    );
    const row = found.rows[0];
    return row === undefined ? undefined : plainCertificate(row);
  }

  /** One company's page, or every company's, or one building's; unknown ones are not_found. */
  async list(query: CertificateFilter & PageQuery): Promise<Page<Certificate>> {
    const conditions = await this.#listing.conditions(query);
    await this.#listing.building(conditions, query.buildingId);
    return this.#listing.page(conditions, query);
  }

  async save(record: CertificateRecord, at: string): Promise<void> {
    // created_at is kept on update; updated_at moves.
    await this.#db.query(
      `INSERT INTO certificates (company_ref, id, building_ref, cup, volume_mwh, period_from,
         period_to, technology, issuing_body, cancellation_id, country_code, created_at,
         updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12)
       ON CONFLICT (company_ref, id) DO UPDATE SET
         building_ref = excluded.building_ref, cup = excluded.cup,
         volume_mwh = excluded.volume_mwh, period_from = excluded.period_from,
         period_to = excluded.period_to, technology = excluded.technology,
         issuing_body = excluded.issuing_body, cancellation_id = excluded.cancellation_id,
         country_code = excluded.country_code, updated_at = excluded.updated_at`,
      [
        record.companyRef,
        record.id,
        record.buildingRef,
        record.cup,
        record.volumeMwh,
        record.periodFrom,
        record.periodTo,
        record.technology,
        record.issuingBody,
        record.cancellationId,
        record.countryCode,
        at,
      ],
    );
  }
}
