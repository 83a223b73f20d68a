/**
 * Which kWh of electricity certificates cover (docs/certificates.md#coverage), in SQLite.
 * Triggers mark a building "to settle" whenever something its coverage depends on changes (a
 * certificate, an electricity consumption, an invoice's supply point, a country); before the
 * write commits, the driver reads the marked buildings (`unsettled`), allocates their
 * certificates (src/engine/certificate-cover.ts) and writes the coverage back (`saveCover`), so
 * every read (lists, summaries, exports, the dashboard) sees market-based figures that already
 * leave out the covered kWh.
 */
import type {
  BuildingCover,
  CoverBuilding,
  CoverCertificate,
  MeteredConsumption,
} from "../../engine/certificate-cover.js";
import type { CertificateCoverTable } from "../../rules/store-certificate-cover.js";
import type { Db } from "./database.js";
import { lazy } from "./lazy.js";

/** The market-based figure of `consumptions c` with the kWh certificates cover left out. */
export const MARKET_FIGURE = `CASE WHEN c.covered_kwh IS NULL THEN c.co2e_market
  ELSE c.co2e_market * (c.metered_kwh - c.covered_kwh) / c.metered_kwh END`;

/**
 * The share of a consumption's market-based figure no certificate covers: what scales each
 * year's part of a split bill (its covered kWh are shared among its parts by their kWh).
 */
export const UNCOVERED_SHARE = `CASE WHEN c.covered_kwh IS NULL THEN 1
  ELSE (c.metered_kwh - c.covered_kwh) / c.metered_kwh END`;

const ELECTRICITY = "(SELECT ref FROM categories WHERE code = 'electricity')";
const HAS_CERTIFICATES = (building: string) =>
  `EXISTS (SELECT 1 FROM certificates WHERE building_ref = ${building})`;
/**
 * Marks the buildings a SELECT of `ref`s gives. Not an insert that ignores conflicts: inside a
 * trigger the outer statement's conflict handling (an upsert's) would override it.
 */
const MARK = (select: string) => `INSERT INTO certificate_unsettled (building_ref)
    SELECT DISTINCT ref FROM (${select})
     WHERE ref NOT IN (SELECT building_ref FROM certificate_unsettled);`;

/**
 * Migration 21: certificates, what each consumption has covered (covered_kwh of its
 * metered_kwh, which scale its stored market-based figure on read: MARKET_FIGURE), the buildings
 * to settle, and the triggers that fill it. A certificate follows its building to another company.
 */
export const CERTIFICATES_SCHEMA = `
CREATE TABLE certificates (
  ref INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  company_ref INTEGER NOT NULL REFERENCES companies (ref),
  building_ref INTEGER NOT NULL REFERENCES buildings (ref),
  cup TEXT,
  volume_mwh REAL NOT NULL CHECK (volume_mwh > 0),
  period_from TEXT NOT NULL,
  period_to TEXT NOT NULL CHECK (period_to >= period_from),
  technology TEXT NOT NULL,
  issuing_body TEXT NOT NULL,
  cancellation_id TEXT NOT NULL UNIQUE,
  country_code TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX certificates_in_order ON certificates (company_ref, period_from, id);
CREATE INDEX certificates_by_period ON certificates (period_from, id);
CREATE INDEX certificates_by_building ON certificates (building_ref);
ALTER TABLE consumptions ADD COLUMN covered_kwh REAL;
ALTER TABLE consumptions ADD COLUMN metered_kwh REAL;
CREATE TABLE certificate_unsettled (building_ref INTEGER PRIMARY KEY) WITHOUT ROWID;

CREATE TRIGGER certificates_inserted AFTER INSERT ON certificates BEGIN
  ${MARK("SELECT NEW.building_ref AS ref")}
END;
CREATE TRIGGER certificates_updated AFTER UPDATE ON certificates BEGIN
  ${MARK("SELECT OLD.building_ref AS ref UNION SELECT NEW.building_ref")}
END;
CREATE TRIGGER certificates_deleted AFTER DELETE ON certificates BEGIN
  ${MARK("SELECT OLD.building_ref AS ref")}
END;
CREATE TRIGGER certificates_follow_building AFTER UPDATE OF company_ref ON buildings BEGIN
  UPDATE certificates SET company_ref = NEW.company_ref WHERE building_ref = NEW.ref;
END;
CREATE TRIGGER certificate_market_of_building AFTER UPDATE OF country ON buildings
WHEN ${HAS_CERTIFICATES("NEW.ref")} BEGIN
  ${MARK("SELECT NEW.ref AS ref")}
END;
CREATE TRIGGER certificate_market_of_company AFTER UPDATE OF country ON companies BEGIN
  ${MARK("SELECT building_ref AS ref FROM certificates WHERE company_ref = NEW.ref")}
END;
CREATE TRIGGER certificate_electricity_inserted AFTER INSERT ON consumptions
WHEN ${HAS_CERTIFICATES("NEW.building_ref")} AND NEW.category_ref = ${ELECTRICITY} BEGIN
  ${MARK("SELECT NEW.building_ref AS ref")}
END;
CREATE TRIGGER certificate_electricity_updated
AFTER UPDATE OF entity_id, building_ref, category_ref, start_date, end_date, quantity, unit
ON consumptions
WHEN (OLD.category_ref = ${ELECTRICITY} OR NEW.category_ref = ${ELECTRICITY})
  AND (OLD.covered_kwh IS NOT NULL OR ${HAS_CERTIFICATES("NEW.building_ref")}) BEGIN
  ${MARK("SELECT OLD.building_ref AS ref UNION SELECT NEW.building_ref")}
END;
CREATE TRIGGER certificate_electricity_deleted AFTER DELETE ON consumptions
WHEN ${HAS_CERTIFICATES("OLD.building_ref")} AND OLD.category_ref = ${ELECTRICITY} BEGIN
  ${MARK("SELECT OLD.building_ref AS ref")}
END;
CREATE TRIGGER certificate_supply_point_inserted AFTER INSERT ON invoices BEGIN
  ${MARK(`SELECT r.building_ref AS ref FROM certificates r
     JOIN buildings b ON b.ref = r.building_ref WHERE b.id = NEW.building_id`)}
END;
CREATE TRIGGER certificate_supply_point_updated AFTER UPDATE OF cup, building_id ON invoices BEGIN
  ${MARK(`SELECT r.building_ref AS ref FROM certificates r
     JOIN buildings b ON b.ref = r.building_ref WHERE b.id IN (OLD.building_id, NEW.building_id)`)}
END;
`;

type ConsumptionRow = [
  rowid: number,
  startDate: number,
  endDate: number,
  quantity: number,
  unit: string,
  cup: string | null,
];

/** The UTC day `YYYY-MM-DD` of a stored date. */
function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The buildings to settle, read and written inside the caller's write transaction. */
export class CertificateCoverStore implements CertificateCoverTable {
  readonly #unsettled;
  readonly #clearUnsettled;
  readonly #certificates;
  readonly #consumptions;
  readonly #clear;
  readonly #cover;
  readonly #markCertified;

  constructor(db: Db) {
    this.#markCertified = lazy(() =>
      db.prepare(MARK("SELECT building_ref AS ref FROM certificates").replace(/;$/, "")),
    );
    // A marked building deleted since has no company: its mark is only cleared.
    this.#unsettled = lazy(() =>
      db.prepare<[], { ref: number; company_ref: number | null; market: string | null }>(
        `SELECT u.building_ref AS ref, b.company_ref, coalesce(b.country, co.country) AS market
         FROM certificate_unsettled u LEFT JOIN buildings b ON b.ref = u.building_ref
         LEFT JOIN companies co ON co.ref = b.company_ref`,
      ),
    );
    this.#clearUnsettled = lazy(() => db.prepare("DELETE FROM certificate_unsettled"));
    this.#certificates = lazy(() =>
      db.prepare<
        [number],
        {
          ref: number;
          cup: string | null;
          volume_mwh: number;
          period_from: string;
          period_to: string;
          country_code: string;
        }
      >(
        `SELECT ref, cup, volume_mwh, period_from, period_to, country_code FROM certificates
        WHERE building_ref = ?
        ORDER BY cup IS NULL, period_from, period_to, cancellation_id`,
      ),
    );
    this.#consumptions = lazy(() =>
      db
        .prepare<[number, number], unknown>(
          `SELECT c.rowid, c.start_date, c.end_date, c.quantity, c.unit,
                replace(upper(i.cup), ' ', '')
           FROM consumptions c LEFT JOIN invoices i ON i.id = c.entity_id
          WHERE c.company_ref = ? AND c.building_ref = ? AND c.category_ref = ${ELECTRICITY}
          ORDER BY c.start_date, c.end_date, c.id`,
        )
        .raw(true),
    );
    this.#clear = lazy(() =>
      db.prepare<[number, number]>(
        `UPDATE consumptions SET covered_kwh = NULL, metered_kwh = NULL
        WHERE company_ref = ? AND building_ref = ? AND covered_kwh IS NOT NULL`,
      ),
    );
    this.#cover = lazy(() =>
      db.prepare<[number, number, number]>(
        "UPDATE consumptions SET covered_kwh = ?, metered_kwh = ? WHERE rowid = ?",
      ),
    );
  }

  /** Marks every building that has certificates, for writes made without the triggers. */
  markCertified(): void {
    this.#markCertified().run();
  }

  /**
   * The buildings marked since the last settle that still exist, each with its certificates
   * and, when it has any, its electricity consumptions; undefined when none is marked (one
   * statement: what every write's end costs when nothing is to settle).
   */
  unsettled(): CoverBuilding[] | undefined {
    const marked = this.#unsettled().all();
    if (marked.length === 0) return undefined;
    const buildings: CoverBuilding[] = [];
    for (const { ref, company_ref: companyRef, market } of marked) {
      if (companyRef === null) continue;
      const certificates = this.#certificates()
        .all(ref)
        .map(
          (row): CoverCertificate => ({
            ref: row.ref,
            cup: row.cup,
            volumeMwh: row.volume_mwh,
            periodFrom: row.period_from,
            periodTo: row.period_to,
            countryCode: row.country_code,
          }),
        );
      const consumptions: MeteredConsumption[] = [];
      if (certificates.length > 0) {
        for (const raw of this.#consumptions().all(companyRef, ref)) {
          // A parsed boundary: the column list above decides the tuple's shape.
          const [rowid, startDate, endDate, quantity, unit, cup] = raw as ConsumptionRow;
          consumptions.push({
            rowid,
            firstDay: day(startDate),
            lastDay: day(endDate),
            quantity,
            unit,
            cup,
          });
        }
      }
      buildings.push({ ref, companyRef, market, certificates, consumptions });
    }
    return buildings;
  }

  /**
   * Writes each building's coverage in place of what it had, and clears every mark: the
   * buildings `unsettled` answered are settled.
   */
  saveCover(buildings: readonly BuildingCover[]): void {
    for (const building of buildings) {
      this.#clear().run(building.companyRef, building.ref);
      for (const { rowid, coveredKwh, meteredKwh } of building.covered) {
        this.#cover().run(coveredKwh, meteredKwh, rowid);
      }
    }
    this.#clearUnsettled().run();
  }
}
