/**
 * Number formatting for tables and summaries meant for people. Tables may round for display;
 * json, ndjson and csv never go through here.
 */

const formatters = new Map<string, Intl.NumberFormat>();

function formatter(
  minimumFractionDigits: number,
  maximumFractionDigits: number,
): Intl.NumberFormat {
  const key = `${minimumFractionDigits}:${maximumFractionDigits}`;
  let found = formatters.get(key);
  if (found === undefined) {
    found = new Intl.NumberFormat("en-US", { minimumFractionDigits, maximumFractionDigits });
    formatters.set(key, found);
  }
  return found;
}

/** An integer count with thousands separators: `1,204`. */
export function formatCount(value: number): string {
  return formatter(0, 0).format(value);
}

/** A quantity of anything: fewer decimals as it grows (`12,400`, `35.5`, `0.125`). */
export function formatQuantity(value: number): string {
  const magnitude = Math.abs(value);
  const digits = magnitude >= 1000 ? 0 : magnitude >= 10 ? 1 : 3;
  return formatter(0, digits).format(value);
}

export interface MassUnit {
  /** Header label, e.g. `tCO2e`. */
  readonly label: "kgCO2e" | "tCO2e";
  readonly kilogramsPerUnit: number;
  readonly fractionDigits: number;
}

const KILOGRAMS: MassUnit = { label: "kgCO2e", kilogramsPerUnit: 1, fractionDigits: 1 };
const TONNES: MassUnit = { label: "tCO2e", kilogramsPerUnit: 1000, fractionDigits: 2 };

/** Tonnes once the largest figure shown reaches 10 t, kilograms below. */
export function chooseMassUnit(largestKilograms: number): MassUnit {
  return Math.abs(largestKilograms) >= 10_000 ? TONNES : KILOGRAMS;
}

/** A mass in the chosen unit, fixed decimals so a column lines up: `12.35` (t) or `845.2` (kg). */
export function formatMass(kilograms: number, unit: MassUnit): string {
  return formatter(unit.fractionDigits, unit.fractionDigits).format(
    kilograms / unit.kilogramsPerUnit,
  );
}

/** Kilograms for a summary line: three decimals, thousands separated (`1,234.568`). */
export function formatKilograms(kilograms: number): string {
  return formatter(3, 3).format(kilograms);
}

/** Seconds as `m:ss` or `h:mm:ss` for an ETA. */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const secs = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${secs}` : `${minutes}:${secs}`;
}
