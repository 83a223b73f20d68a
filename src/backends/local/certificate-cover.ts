/**
 * Which kWh of electricity certificates cover (docs/certificates.md#coverage). Triggers mark a
 * building "to settle" whenever something its coverage depends on changes (a certificate, an
 * electricity consumption, an invoice's supply point, a country); `settle` reallocates those
 * buildings before the write commits, so every read (lists, summaries, exports, the dashboard)
 * sees market-based figures that already leave out the covered kWh.
 */
import { convertQuantity } from "../../engine/units.js";
import type { Db } from "../../store/sqlite/database.js";
import { lazy } from "../../store/sqlite/lazy.js";

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

/** A certificate as the allocation reads it. */
export interface CoverCertificate {
  readonly ref: number;
  readonly cup: string | null;
  readonly volumeMwh: number;
  readonly periodFrom: string;
  readonly periodTo: string;
  readonly countryCode: string;
}

/** An electricity consumption of the building, in allocation order. */
export interface CoverConsumption {
  readonly rowid: number;
  /** UTC days `YYYY-MM-DD` of its period (both inclusive). */
  readonly firstDay: string;
  readonly lastDay: string;
  readonly kwh: number;
  /** Its invoice's supply point, or null. */
  readonly cup: string | null;
}

/** The country of a market (`US-CAMX` is in `US`). */
function countryOf(market: string): string {
  return market.split("-")[0] ?? market;
}

/**
 * Allocates each certificate's MWh to the consumptions it may cover, in order: certificates
 * naming a supply point first, then by period start, period end and cancellation id (the
 * caller's order); each to the consumptions of its market whose period shares a day with its
 * own (and of its supply point when it names one), earliest first. A certificate never gives
 * more than its volume, a consumption never takes more than its kWh. Returns covered kWh by rowid.
 */
export function allocateCertificates(
  market: string | null,
  certificates: readonly CoverCertificate[],
  consumptions: readonly CoverConsumption[],
): Map<number, number> {
  const covered = new Map<number, number>();
  if (market === null) return covered;
  for (const certificate of certificates) {
    if (countryOf(certificate.countryCode) !== countryOf(market)) continue;
    let left = certificate.volumeMwh * 1000;
    for (const consumption of consumptions) {
      if (left <= 0) break;
      if (certificate.cup !== null && consumption.cup !== certificate.cup) continue;
      if (consumption.firstDay > certificate.periodTo) continue;
      if (consumption.lastDay < certificate.periodFrom) continue;
      const already = covered.get(consumption.rowid) ?? 0;
      const take = Math.min(left, consumption.kwh - already);
      if (take <= 0) continue;
      covered.set(consumption.rowid, already + take);
      left -= take;
    }
  }
  return covered;
}

type ConsumptionRow = [
  rowid: number,
  startDate: number,
  endDate: number,
  quantity: number,
  unit: string,
  cup: string | null,
];

function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Settles the buildings the triggers marked, inside the caller's write transaction. */
export class CertificateCover {
  readonly #unsettled;
  readonly #clearUnsettled;
  readonly #building;
  readonly #certificates;
  readonly #consumptions;
  readonly #clear;
  readonly #cover;
  readonly #markCertified;

  constructor(db: Db) {
    this.#markCertified = lazy(() =>
      db.prepare(MARK("SELECT building_ref AS ref FROM certificates").replace(/;$/, "")),
    );
    this.#unsettled = lazy(() =>
      db.prepare<[], number>("SELECT building_ref FROM certificate_unsettled").pluck(),
    );
    this.#clearUnsettled = lazy(() => db.prepare("DELETE FROM certificate_unsettled"));
    this.#building = lazy(() =>
      db.prepare<[number], { company_ref: number; market: string | null }>(
        `SELECT b.company_ref, coalesce(b.country, co.country) AS market FROM buildings b
         JOIN companies co ON co.ref = b.company_ref WHERE b.ref = ?`,
      ),
    );
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

  /** Reallocates every building marked since the last settle. */
  settle(): void {
    const refs = this.#unsettled().all();
    if (refs.length === 0) return;
    for (const ref of refs) this.#reallocate(ref);
    this.#clearUnsettled().run();
  }

  #reallocate(buildingRef: number): void {
    const building = this.#building().get(buildingRef);
    if (building === undefined) return;
    this.#clear().run(building.company_ref, buildingRef);
    const certificates = this.#certificates()
      .all(buildingRef)
      .map((row) => ({
        ref: row.ref,
        cup: row.cup,
        volumeMwh: row.volume_mwh,
        periodFrom: row.period_from,
        periodTo: row.period_to,
        countryCode: row.country_code,
      }));
    if (certificates.length === 0) return;
    const consumptions: CoverConsumption[] = [];
    for (const raw of this.#consumptions().all(building.company_ref, buildingRef)) {
      // A parsed boundary: the column list above decides the tuple's shape.
      const [rowid, startDate, endDate, quantity, unit, cup] = raw as ConsumptionRow;
      const kwh = convertQuantity(quantity, unit, "kWh");
      if (!kwh.ok || !(kwh.value > 0)) continue;
      consumptions.push({
        rowid,
        firstDay: day(startDate),
        lastDay: day(endDate),
        kwh: kwh.value,
        cup,
      });
    }
    const kwhOf = new Map(consumptions.map((c) => [c.rowid, c.kwh]));
    for (const [rowid, kwh] of allocateCertificates(building.market, certificates, consumptions)) {
      const total = kwhOf.get(rowid) ?? kwh;
      this.#cover().run(kwh, total, rowid);
    }
  }
}
