/**
 * Which kWh of a building's electricity its certificates cover (docs/certificates.md#coverage):
 * the allocation, a pure function of the building's certificates and consumptions. The store
 * reads the buildings to settle and writes back what this answers
 * (src/store/sqlite/certificate-cover.ts).
 */
import { convertQuantity } from "./units.js";

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

/** An electricity consumption as stored: its quantity in its own unit. */
export interface MeteredConsumption extends Omit<CoverConsumption, "kwh"> {
  readonly quantity: number;
  readonly unit: string;
}

/** A building to settle, with what its coverage is worked out from. */
export interface CoverBuilding {
  readonly ref: number;
  readonly companyRef: number;
  /** Its market: its own country, else its company's; null when neither is known. */
  readonly market: string | null;
  /**
   * Its certificates in allocation order: those naming a supply point first, then by period
   * start, period end and cancellation id.
   */
  readonly certificates: readonly CoverCertificate[];
  /** Its electricity consumptions by start, end and id (none read when it has no certificate). */
  readonly consumptions: readonly MeteredConsumption[];
}

/** What a consumption has covered: `coveredKwh` of its `meteredKwh`. */
export interface CoveredConsumption {
  readonly rowid: number;
  readonly coveredKwh: number;
  readonly meteredKwh: number;
}

/** A building's coverage: every earlier cover of it is cleared, then these are written. */
export interface BuildingCover {
  readonly ref: number;
  readonly companyRef: number;
  readonly covered: readonly CoveredConsumption[];
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

/**
 * The coverage of each building: its consumptions in kWh (those not in an energy unit, or of no
 * kWh, take no part), its certificates allocated over them.
 */
export function coverOf(buildings: readonly CoverBuilding[]): BuildingCover[] {
  return buildings.map((building) => {
    if (building.certificates.length === 0) {
      return { ref: building.ref, companyRef: building.companyRef, covered: [] };
    }
    const consumptions: CoverConsumption[] = [];
    for (const { quantity, unit, ...consumption } of building.consumptions) {
      const kwh = convertQuantity(quantity, unit, "kWh");
      if (!kwh.ok || !(kwh.value > 0)) continue;
      consumptions.push({ ...consumption, kwh: kwh.value });
    }
    const kwhOf = new Map(consumptions.map((c) => [c.rowid, c.kwh]));
    const allocated = allocateCertificates(building.market, building.certificates, consumptions);
    const covered = [...allocated].map(([rowid, kwh]) => ({
      rowid,
      coveredKwh: kwh,
      meteredKwh: kwhOf.get(rowid) ?? kwh,
    }));
    return { ref: building.ref, companyRef: building.companyRef, covered };
  });
}
