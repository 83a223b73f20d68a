/**
 * The factor table of GLEC calculations: rows of fixtures/factors/glec-defaults.csv, kg CO2e per
 * unit, split into tank-to-wheel (TTW), well-to-tank (WTT) and well-to-wheel (WTW). Pure: the
 * caller reads the file (src/shipped/glec-factors.ts) and passes its rows.
 */
import type { GlecFactor } from "../../core/model/glec.js";
import type { GridLookup } from "./grid.js";

/** The rows by key, and the grid factors of electric legs by country and year. */
export interface GlecFactorTable extends ReadonlyMap<string, GlecFactor> {
  readonly grid: GridLookup;
}

/** What the reference prints for a row that lacks part of the split, and how it is completed. */
export const WTT_FROM_WTW =
  "wtt = wtw - ttw (the source prints TTW and WTW only; WTW = TTW + WTT by definition)";
export const ELECTRICITY_ALL_WTT =
  "ttw = 0, wtt = wtw (ISO 14083 / GLEC: electricity has no tank-to-wheel emissions at the vehicle; the row gives the whole chain)";

function numberOrNull(text: string | undefined): number | null {
  const value = (text ?? "").trim();
  if (value === "") return null;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) throw new Error(`glec-defaults.csv: "${value}" is not a number`);
  return parsed;
}

/**
 * One factor per row whose split is known or follows from the row. Rows printing TTW only (the
 * US EPA ton-mile rows) have no WTT and are left out: their WTW would be understated.
 */
export function glecFactorTable(
  rows: readonly Readonly<Record<string, string>>[],
  grid: GridLookup,
): GlecFactorTable {
  const table = new Map<string, GlecFactor>();
  for (const row of rows) {
    const key = (row.key ?? "").trim();
    const ttw = numberOrNull(row.ttw_kgco2e);
    const wtt = numberOrNull(row.wtt_kgco2e);
    const wtw = numberOrNull(row.wtw_kgco2e);
    const base = {
      key,
      unit: (row.unit ?? "").trim(),
      source: row.source ?? "",
      sourceRef: row.source_ref ?? "",
      country: null,
      year: null,
    };
    if (ttw !== null && wtt !== null && wtw !== null) {
      table.set(key, { ...base, ttw, wtt, wtw, derivation: null });
    } else if (ttw !== null && wtt === null && wtw !== null) {
      table.set(key, { ...base, ttw, wtt: wtw - ttw, wtw, derivation: WTT_FROM_WTW });
    } else if (ttw === null && wtt === null && wtw !== null && base.unit === "kWh") {
      table.set(key, { ...base, ttw: 0, wtt: wtw, wtw, derivation: ELECTRICITY_ALL_WTT });
    }
  }
  return Object.assign(table, { grid });
}
