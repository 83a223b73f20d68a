import type { GlecCalculation, GlecEntry, GlecReceipt } from "../../../core/model/glec.js";
import { displayNumber } from "../../output/cells.js";
import type { Column } from "../../output/format.js";

/** One leg's calculation, flat, as `glec get` and `glec submit --dry-run` print it. */
export interface GlecLegRow {
  readonly entryId: string;
  readonly actionId: string;
  readonly mode: string;
  readonly vehicleType: string;
  readonly method: string;
  readonly distanceKm: number;
  readonly loadTonnes: number;
  readonly tonneKm: number;
  readonly energy: number | null;
  readonly energyUnit: string | null;
  readonly toc: string | null;
  readonly factorKey: string;
  readonly factorUnit: string;
  /** kg CO2e */
  readonly ttw: number;
  readonly wtt: number;
  readonly wtw: number;
  readonly source: string;
  /** Measured fuel: the shipment's share of the vehicle's (null: default intensity). */
  readonly allocationShare: number | null;
  /** Air with RF: kg CO2e of RF uplift, not in TTW or WTW. */
  readonly rfUplift: number | null;
}

export function legRows(entryId: string, calculation: GlecCalculation): GlecLegRow[] {
  return calculation.legs.map((leg) => ({
    entryId,
    actionId: leg.actionId,
    mode: leg.mode,
    vehicleType: leg.vehicleType,
    method: leg.method,
    distanceKm: leg.distanceKm,
    loadTonnes: leg.loadTonnes,
    tonneKm: leg.tonneKm,
    energy: leg.energy,
    energyUnit: leg.energyUnit,
    toc: leg.toc,
    factorKey: leg.factor.key,
    factorUnit: leg.factor.unit,
    ttw: leg.emissions.ttw,
    wtt: leg.emissions.wtt,
    wtw: leg.emissions.wtw,
    source: leg.factor.source,
    allocationShare: leg.allocationShare,
    rfUplift: leg.rfUplift,
  }));
}

/** `glec get`: one entry, so no entryId column. */
export const entryLegColumns: readonly Column<GlecLegRow>[] = [
  { header: "actionId", value: (row) => row.actionId },
  { header: "mode", value: (row) => row.mode },
  { header: "vehicleType", value: (row) => row.vehicleType },
  { header: "method", value: (row) => row.method },
  { header: "tonneKm", value: (row) => row.tonneKm },
  { header: "energy", value: (row) => row.energy },
  { header: "energyUnit", value: (row) => row.energyUnit },
  { header: "toc", value: (row) => row.toc },
  { header: "ttwKg", value: (row) => row.ttw },
  { header: "wttKg", value: (row) => row.wtt },
  { header: "wtwKg", value: (row) => row.wtw },
  { header: "rfUpliftKg", value: (row) => row.rfUplift },
  { header: "allocationShare", value: (row) => row.allocationShare },
  { header: "factorKey", value: (row) => row.factorKey },
  { header: "source", value: (row) => row.source },
];

/** `glec submit --dry-run`: the legs of every entry of the file. */
export const legColumns: readonly Column<GlecLegRow>[] = [
  { header: "entryId", value: (row) => row.entryId },
  ...entryLegColumns,
];

export const entryColumns: readonly Column<GlecEntry>[] = [
  { header: "id", value: (entry) => entry.id },
  { header: "companyId", value: (entry) => entry.companyId },
  { header: "startDate", value: (entry) => entry.startDate },
  { header: "endDate", value: (entry) => entry.endDate },
  { header: "externalId", value: (entry) => entry.externalId },
  { header: "legs", value: (entry) => entry.actions.length },
  { header: "tonneKm", value: (entry) => entry.calculation?.tonneKm },
  { header: "ttwKg", value: (entry) => entry.calculation?.emissions.ttw },
  { header: "wttKg", value: (entry) => entry.calculation?.emissions.wtt },
  { header: "wtwKg", value: (entry) => entry.calculation?.emissions.wtw },
  { header: "wtwGPerTkm", value: (entry) => entry.calculation?.intensity?.wtw ?? null },
  { header: "rfUpliftKg", value: (entry) => entry.calculation?.rfUplift ?? null },
];

/** The `{message, id}` answers of submit and delete. */
export const receiptColumns: readonly Column<GlecReceipt>[] = [
  { header: "id", value: (receipt) => receipt.id },
  { header: "message", value: (receipt) => receipt.message },
];

/** `entry X: 3 legs, 45480 tonne-km, ... WTW 1209.038 kg CO2e (26.584 g CO2e/tkm)`, for people. */
export function totalsLine(entryId: string, calculation: GlecCalculation): string {
  const n = displayNumber;
  const intensity = calculation.intensity;
  const perTkm = intensity === null ? "" : ` (${n(intensity.wtw)} g CO2e/tkm WTW)`;
  const e = calculation.emissions;
  const rf = calculation.rfUplift;
  const uplift = rf === null ? "" : `; RF uplift ${n(rf)} kg CO2e, apart (not in TTW or WTW)`;
  return `entry ${entryId}: ${calculation.legs.length} legs, ${n(calculation.tonneKm)} tonne-km, TTW ${n(e.ttw)} + WTT ${n(e.wtt)} = WTW ${n(e.wtw)} kg CO2e${perTkm}${uplift}`;
}
