/**
 * The grid electricity factor of an electric leg (docs/glec.md): the factor library's
 * `electricity_grid` row of the leg's country, plus that country's T&D losses and the
 * well-to-tank of both where the library has them, for the entry's year or the latest earlier
 * one (never a later year). ISO 14083 counts no tank-to-wheel emissions at an electric vehicle,
 * so the whole figure is WTT. Pure: the caller passes the library's rows.
 */
import type { EmissionFactor } from "../../core/model/factor.js";
import type { GlecFactor } from "../../core/model/glec.js";

/** The grid part first; the others are added when the library has them for the same year. */
const PARTS = [
  "electricity_grid",
  "electricity_td_losses",
  "electricity_wtt",
  "electricity_td_wtt",
] as const;

export type GridOutcome =
  | { readonly ok: true; readonly factor: GlecFactor }
  | { readonly ok: false; readonly message: string };

/** The grid factor of a country (an ISO code or grid region such as US-CAMX) for a year. */
export type GridLookup = (country: string, year: number) => GridOutcome;

/** Rows by `key|country|year`, the first in library order winning (as the resolver does). */
function indexed(rows: readonly EmissionFactor[]): Map<string, EmissionFactor> {
  const index = new Map<string, EmissionFactor>();
  const sorted = rows
    .filter((row) => row.country !== null && (PARTS as readonly string[]).includes(row.key))
    .filter((row) => row.unit === "kWh")
    .sort((a, b) => a.priority - b.priority);
  for (const row of sorted) {
    const id = `${row.key}|${row.country}|${row.year}`;
    if (!index.has(id)) index.set(id, row);
  }
  return index;
}

/** The library is read on the first electric leg only; each (country, year) is worked out once. */
export function gridLookup(rows: () => readonly EmissionFactor[]): GridLookup {
  let index: Map<string, EmissionFactor> | undefined;
  const years = new Map<string, number[]>();
  const cache = new Map<string, GridOutcome>();
  return (country, year) => {
    if (index === undefined) {
      index = indexed(rows());
      for (const row of index.values()) {
        if (row.key !== "electricity_grid" || row.country === null) continue;
        years.set(row.country, [...(years.get(row.country) ?? []), row.year]);
      }
    }
    const id = `${country}|${year}`;
    let outcome = cache.get(id);
    if (outcome === undefined) {
      outcome = gridFactor(index, years.get(country) ?? [], country, year);
      cache.set(id, outcome);
    }
    return outcome;
  };
}

function gridFactor(
  index: ReadonlyMap<string, EmissionFactor>,
  years: readonly number[],
  country: string,
  year: number,
): GridOutcome {
  const used = Math.max(...years.filter((candidate) => candidate <= year));
  if (!Number.isFinite(used)) {
    const later =
      years.length === 0 ? "" : ` (it has ${years.join(", ")}: a later year is never used)`;
    return {
      ok: false,
      message: `awaiting factor: the factor library has no electricity_grid factor for ${country} in or before ${year}${later}`,
    };
  }
  const parts = PARTS.flatMap((key) => {
    const row = index.get(`${key}|${country}|${used}`);
    return row === undefined ? [] : [row];
  });
  const wtw = parts.reduce((sum, part) => sum + part.co2e, 0);
  const missing = PARTS.filter((key) => !parts.some((part) => part.key === key));
  const sum = parts.map((part) => `${part.key} ${part.co2e}`).join(" + ");
  const absent =
    missing.length === 0 ? "" : `; not in the library, so not counted: ${missing.join(", ")}`;
  const fallback = used === year ? "" : `; ${used} is the library's latest year before ${year}`;
  return {
    ok: true,
    factor: {
      key: "electricity_grid",
      unit: "kWh",
      ttw: 0,
      wtt: wtw,
      wtw,
      derivation: `ttw = 0, wtt = wtw = ${sum} (${country} ${used}; ISO 14083: no tank-to-wheel emissions at an electric vehicle)${absent}${fallback}`,
      source: [...new Set(parts.map((part) => part.source))].join("; "),
      sourceRef: parts.map((part) => `${part.key}: ${part.sourceRef}`).join("; "),
      country,
      year: used,
    },
  };
}
