/**
 * Which kWh of electricity certificates cover (docs/certificates.md#coverage), in PostgreSQL, as
 * the SQLite store does it (src/store/sqlite/certificate-cover.ts): triggers mark a building "to
 * settle" in certificate_unsettled whenever something its coverage depends on changes (a
 * certificate, an electricity consumption, an invoice's supply point, a country), under the
 * same conditions as SQLite's; before the write commits, the store-neutral settle
 * (src/rules/certificate-cover.ts) reads the marked buildings (`unsettled`), allocates their
 * certificates and writes the coverage back (`saveCover`).
 *
 * A mark is a row of a company's (company_ref, building_ref), written by the transaction that
 * changed the building's data and cleared by that transaction's settle: another transaction
 * never sees it uncommitted, so it cannot clear it, and two writers marking one building both
 * keep theirs (the second waits for the first's row, then inserts its own). Each writer settles
 * in its own SERIALIZABLE transaction, so two writers changing one building's coverage side by
 * side settle as if one ran after the other, or one runs again. The transaction that marks also
 * sets `carbon.certificate_marks`: a write that marked nothing reads no mark (its read is gated
 * on that setting), so it takes no predicate lock on the marks of others.
 */
import type {
  BuildingCover,
  CoverBuilding,
  CoverCertificate,
  MeteredConsumption,
} from "../../engine/certificate-cover.js";
import type { CertificateCoverTable } from "../../rules/store-certificate-cover.js";
import type { Queryable } from "./transactions.js";

/**
 * The market-based figure of `consumptions c` with the kWh certificates cover left out, in
 * double precision as SQLite computes it (the same doubles, the same operations), so both
 * stores answer the same number.
 */
export const MARKET_FIGURE = `CASE WHEN c.covered_kwh IS NULL THEN c.co2e_market::float8
  ELSE c.co2e_market::float8 * (c.metered_kwh::float8 - c.covered_kwh::float8)
    / c.metered_kwh::float8 END`;

/** The share of a consumption's market-based figure no certificate covers (1: none covered). */
export const UNCOVERED_SHARE = `CASE WHEN c.covered_kwh IS NULL THEN 1::float8
  ELSE (c.metered_kwh::float8 - c.covered_kwh::float8) / c.metered_kwh::float8 END`;

/** The key of the electricity category, which every electricity consumption has. */
export const ELECTRICITY = "(SELECT ref FROM categories WHERE code = 'electricity')";

/** The setting a transaction that marked a building has on, until it ends. */
const MARKED = "carbon.certificate_marks";

/**
 * The buildings' marks (a tenant table: a company's rows, keyed by company_ref first) and the
 * triggers that fill it. Run with the tables (schema.ts).
 */
export const CERTIFICATE_COVER_SCHEMA = `
CREATE TABLE certificate_unsettled (
  company_ref bigint NOT NULL,
  building_ref bigint NOT NULL,
  PRIMARY KEY (company_ref, building_ref)
);

-- Marks a building to settle, once per transaction however often it changes.
CREATE FUNCTION certificate_mark(company bigint, building bigint) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO certificate_unsettled (company_ref, building_ref) VALUES (company, building)
    ON CONFLICT DO NOTHING;
  PERFORM set_config('${MARKED}', 'on', true);
END $$;

-- Whether the building has certificates: else its electricity has nothing to settle.
CREATE FUNCTION certificate_held(company bigint, building bigint) RETURNS boolean
LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM certificates WHERE company_ref = company AND building_ref = building)
$$;

CREATE FUNCTION certificate_marks_certificate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM certificate_mark(OLD.company_ref, OLD.building_ref);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM certificate_mark(NEW.company_ref, NEW.building_ref);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER certificate_changed AFTER INSERT OR UPDATE OR DELETE ON certificates
FOR EACH ROW EXECUTE FUNCTION certificate_marks_certificate();

CREATE FUNCTION certificate_marks_building() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF certificate_held(NEW.company_ref, NEW.ref) THEN
    PERFORM certificate_mark(NEW.company_ref, NEW.ref);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER certificate_market_of_building AFTER UPDATE OF country ON buildings
FOR EACH ROW EXECUTE FUNCTION certificate_marks_building();

CREATE FUNCTION certificate_marks_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM certificate_mark(held.company_ref, held.building_ref)
    FROM (SELECT DISTINCT company_ref, building_ref FROM certificates
          WHERE company_ref = NEW.ref) AS held;
  RETURN NULL;
END $$;
CREATE TRIGGER certificate_market_of_company AFTER UPDATE OF country ON companies
FOR EACH ROW EXECUTE FUNCTION certificate_marks_company();

CREATE FUNCTION certificate_marks_electricity() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  electricity bigint := ${ELECTRICITY};
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.category_ref = electricity AND certificate_held(NEW.company_ref, NEW.building_ref) THEN
      PERFORM certificate_mark(NEW.company_ref, NEW.building_ref);
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF OLD.category_ref = electricity AND certificate_held(OLD.company_ref, OLD.building_ref) THEN
      PERFORM certificate_mark(OLD.company_ref, OLD.building_ref);
    END IF;
  ELSIF (OLD.category_ref = electricity OR NEW.category_ref = electricity)
    AND (OLD.covered_kwh IS NOT NULL OR certificate_held(NEW.company_ref, NEW.building_ref)) THEN
    PERFORM certificate_mark(OLD.company_ref, OLD.building_ref);
    PERFORM certificate_mark(NEW.company_ref, NEW.building_ref);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER certificate_electricity_inserted AFTER INSERT ON consumptions
FOR EACH ROW EXECUTE FUNCTION certificate_marks_electricity();
CREATE TRIGGER certificate_electricity_updated
AFTER UPDATE OF entity_id, building_ref, category_ref, start_date, end_date, quantity, unit
ON consumptions FOR EACH ROW EXECUTE FUNCTION certificate_marks_electricity();
CREATE TRIGGER certificate_electricity_deleted AFTER DELETE ON consumptions
FOR EACH ROW EXECUTE FUNCTION certificate_marks_electricity();

CREATE FUNCTION certificate_marks_supply_point() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND certificate_held(OLD.company_ref, OLD.building_ref) THEN
    PERFORM certificate_mark(OLD.company_ref, OLD.building_ref);
  END IF;
  IF certificate_held(NEW.company_ref, NEW.building_ref) THEN
    PERFORM certificate_mark(NEW.company_ref, NEW.building_ref);
  END IF;
  RETURN NULL;
END $$;
CREATE TRIGGER certificate_supply_point_inserted AFTER INSERT ON invoices
FOR EACH ROW EXECUTE FUNCTION certificate_marks_supply_point();
CREATE TRIGGER certificate_supply_point_updated AFTER UPDATE OF cup, building_ref ON invoices
FOR EACH ROW EXECUTE FUNCTION certificate_marks_supply_point();
`;

interface MarkRow {
  mark_company: number;
  ref: number;
  company_ref: number | null;
  market: string | null;
}

interface CertificateRow {
  company_ref: number;
  building_ref: number;
  cup: string | null;
  volume_mwh: number;
  period_from: string;
  period_to: string;
  country_code: string;
}

interface ConsumptionRow {
  company_ref: number;
  building_ref: number;
  id: string;
  start_date: number;
  end_date: number;
  quantity: number;
  unit: string;
  cup: string | null;
}

/** The UTC day `YYYY-MM-DD` of a stored date. */
function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

const keyOf = (companyRef: number, buildingRef: number) => `${companyRef}:${buildingRef}`;

/**
 * The buildings to settle, read and written inside the caller's write transaction. A
 * consumption's `rowid` is its place in what `unsettled` last read (PostgreSQL keys it by its
 * company and id): `saveCover` writes the coverage of what `unsettled` answered.
 */
export class PostgresCertificateCover implements CertificateCoverTable {
  readonly #db: Queryable;
  /** The marks `unsettled` read, which `saveCover` clears. */
  #marks: { companyRef: number; buildingRef: number }[] = [];
  /** The consumptions `unsettled` answered, by their rowid (their place). */
  #consumptions: { companyRef: number; id: string }[] = [];

  constructor(db: Queryable) {
    this.#db = db;
  }

  async markCertified(): Promise<void> {
    await this.#db.query(
      `WITH marked AS (
         INSERT INTO certificate_unsettled (company_ref, building_ref)
         SELECT DISTINCT company_ref, building_ref FROM certificates
         ON CONFLICT DO NOTHING RETURNING 1)
       SELECT set_config('${MARKED}', 'on', true)`,
    );
  }

  /**
   * The buildings marked (by this transaction, or left marked by one that did not settle)
   * that still exist in the company of their mark, with their certificates and electricity: three
   * statements, or one when nothing is marked.
   */
  async unsettled(): Promise<CoverBuilding[] | undefined> {
    const marked = await this.#db.query<MarkRow>(
      `SELECT u.company_ref AS mark_company, u.building_ref AS ref, b.company_ref,
         coalesce(b.country, co.country) AS market
       FROM certificate_unsettled u
       LEFT JOIN buildings b ON b.company_ref = u.company_ref AND b.ref = u.building_ref
       LEFT JOIN companies co ON co.ref = b.company_ref
       WHERE current_setting('${MARKED}', true) = 'on'`,
    );
    this.#marks = marked.rows.map((row) => ({
      companyRef: row.mark_company,
      buildingRef: row.ref,
    }));
    this.#consumptions = [];
    if (marked.rows.length === 0) return undefined;
    // A building deleted, or moved to another company, since its mark is only cleared (its new
    // company's mark settles it).
    const existing = marked.rows.filter((row) => row.company_ref !== null);
    const companies = existing.map((row) => row.mark_company);
    const refs = existing.map((row) => row.ref);
    const certificates = new Map<string, CoverCertificate[]>();
    if (existing.length > 0) {
      const found = await this.#db.query<CertificateRow>(
        `SELECT r.company_ref, r.building_ref, r.cup, r.volume_mwh, r.period_from, r.period_to,
           r.country_code
         FROM certificates r
         JOIN unnest($1::bigint[], $2::bigint[]) AS k (company_ref, building_ref)
           ON r.company_ref = k.company_ref AND r.building_ref = k.building_ref
         ORDER BY r.company_ref, r.building_ref, r.cup IS NULL, r.period_from, r.period_to,
           r.cancellation_id`,
        [companies, refs],
      );
      for (const row of found.rows) {
        const key = keyOf(row.company_ref, row.building_ref);
        const list = certificates.get(key) ?? [];
        list.push({
          // A certificate's place among its building's: the allocation names none by it.
          ref: list.length + 1,
          cup: row.cup,
          volumeMwh: row.volume_mwh,
          periodFrom: row.period_from,
          periodTo: row.period_to,
          countryCode: row.country_code,
        });
        certificates.set(key, list);
      }
    }
    const consumptions = new Map<string, MeteredConsumption[]>();
    const certified = existing.filter((row) => certificates.has(keyOf(row.mark_company, row.ref)));
    if (certified.length > 0) {
      const found = await this.#db.query<ConsumptionRow>(
        `SELECT c.company_ref, c.building_ref, c.id, c.start_date, c.end_date, c.quantity, c.unit,
           replace(upper(i.cup), ' ', '') AS cup
         FROM consumptions c
         JOIN unnest($1::bigint[], $2::bigint[]) AS k (company_ref, building_ref)
           ON c.company_ref = k.company_ref AND c.building_ref = k.building_ref
         LEFT JOIN invoices i ON i.company_ref = c.company_ref AND i.id::text = c.entity_id
         WHERE c.category_ref = ${ELECTRICITY}
         ORDER BY c.company_ref, c.building_ref, c.start_date, c.end_date, c.id`,
        [certified.map((row) => row.mark_company), certified.map((row) => row.ref)],
      );
      for (const row of found.rows) {
        const key = keyOf(row.company_ref, row.building_ref);
        const list = consumptions.get(key) ?? [];
        list.push({
          rowid: this.#consumptions.length,
          firstDay: day(row.start_date),
          lastDay: day(row.end_date),
          quantity: row.quantity,
          unit: row.unit,
          cup: row.cup,
        });
        this.#consumptions.push({ companyRef: row.company_ref, id: row.id });
        consumptions.set(key, list);
      }
    }
    return existing.map((row) => {
      const key = keyOf(row.mark_company, row.ref);
      return {
        ref: row.ref,
        companyRef: row.mark_company,
        market: row.market,
        certificates: certificates.get(key) ?? [],
        consumptions: consumptions.get(key) ?? [],
      };
    });
  }

  /**
   * In one statement: each building's consumptions no longer covered cleared, the covered ones
   * written where their coverage changed, and the marks `unsettled` read cleared.
   */
  async saveCover(buildings: readonly BuildingCover[]): Promise<void> {
    const covered = buildings.flatMap((building) =>
      building.covered.map((cover) => {
        const consumption = this.#consumptions[cover.rowid];
        if (consumption === undefined) throw new Error(`certificate cover: no row ${cover.rowid}`);
        return { ...consumption, coveredKwh: cover.coveredKwh, meteredKwh: cover.meteredKwh };
      }),
    );
    await this.#db.query(
      `WITH settled AS (
         SELECT * FROM unnest($1::bigint[], $2::bigint[]) AS s (company_ref, building_ref)
       ), covered AS (
         SELECT * FROM unnest($3::bigint[], $4::uuid[], $5::numeric[], $6::numeric[])
           AS k (company_ref, id, covered_kwh, metered_kwh)
       ), cleared AS (
         UPDATE consumptions c SET covered_kwh = NULL, metered_kwh = NULL
         FROM settled s
         WHERE c.company_ref = s.company_ref AND c.building_ref = s.building_ref
           AND c.covered_kwh IS NOT NULL
           AND NOT EXISTS (SELECT 1 FROM covered k
                           WHERE k.company_ref = c.company_ref AND k.id = c.id)
         RETURNING 1
       ), written AS (
         UPDATE consumptions c SET covered_kwh = k.covered_kwh, metered_kwh = k.metered_kwh
         FROM covered k
         WHERE c.company_ref = k.company_ref AND c.id = k.id
           AND (c.covered_kwh IS DISTINCT FROM k.covered_kwh
             OR c.metered_kwh IS DISTINCT FROM k.metered_kwh)
         RETURNING 1
       )
       DELETE FROM certificate_unsettled u
       USING unnest($7::bigint[], $8::bigint[]) AS m (company_ref, building_ref)
       WHERE u.company_ref = m.company_ref AND u.building_ref = m.building_ref`,
      [
        buildings.map((building) => building.companyRef),
        buildings.map((building) => building.ref),
        covered.map((row) => row.companyRef),
        covered.map((row) => row.id),
        covered.map((row) => row.coveredKwh),
        covered.map((row) => row.meteredKwh),
        this.#marks.map((mark) => mark.companyRef),
        this.#marks.map((mark) => mark.buildingRef),
      ],
    );
    this.#marks = [];
    this.#consumptions = [];
  }
}
