/** Energy attribute certificates in SQLite: listed by period, saved by id, found by cancellation. */
import type { Certificate } from "../../core/model/certificate.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import type { CertificateFilter } from "../../core/resources/certificates.js";
import type { CertificateRecord, CertificateTable, Owned } from "../../rules/store.js";
import {
  type CertificateColumns,
  certificateOf,
  plainCertificate,
} from "../stored-certificates.js";
import type { CompanyRepository } from "./companies.js";
import { CompanyListing } from "./company-listing.js";
import type { Db } from "./database.js";
import type { Keyset } from "./keyset.js";
import { lazy } from "./lazy.js";

const SELECT = `SELECT r.id, co.id AS company_id, r.company_ref, b.id AS building_id,
  r.building_ref, r.cup, r.volume_mwh, r.period_from, r.period_to, r.technology, r.issuing_body,
  r.cancellation_id, r.country_code, r.created_at, r.updated_at
  FROM certificates r JOIN companies co ON co.ref = r.company_ref
  JOIN buildings b ON b.ref = r.building_ref`;

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

export class CertificateRepository implements CertificateTable {
  readonly #byId;
  readonly #byCancellation;
  readonly #listing: CompanyListing<CertificateColumns, Certificate>;
  readonly #upsert;

  constructor(
    db: Db,
    companies: CompanyRepository,
    buildings: { get(id: string): { readonly ref: number } },
  ) {
    this.#byId = lazy(() => db.prepare<[string], CertificateColumns>(`${SELECT} WHERE r.id = ?`));
    this.#byCancellation = lazy(() =>
      db.prepare<[string], CertificateColumns>(`${SELECT} WHERE r.cancellation_id = ?`),
    );
    this.#listing = new CompanyListing(db, companies, {
      select: SELECT,
      table: "certificates",
      alias: "r",
      order: ["period_from", "id"],
      key: (row) => [row.period_from, row.id],
      decode: plainCertificate,
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
  }

  find(id: string): Owned<Certificate> | undefined {
    const row = this.#byId().get(id);
    return row === undefined ? undefined : certificateOf(row);
  }

  findMany(ids: readonly string[]): Owned<Certificate>[] {
    return [...new Set(ids)].flatMap((id) => this.find(id) ?? []);
  }

  findByCancellation(cancellationId: string): Certificate | undefined {
    const row = this.#byCancellation().get(cancellationId);
    return row === undefined ? undefined : plainCertificate(row);
  }

  list(query: CertificateFilter & PageQuery): Page<Certificate> {
    return this.#listing.list(query);
  }

  keyset(filter: CertificateFilter): Keyset<CertificateColumns, Certificate> {
    return this.#listing.keyset(filter);
  }

  save(record: CertificateRecord, at: string): void {
    this.#upsert().run(
      record.id,
      record.companyRef,
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
      at,
    );
  }
}
