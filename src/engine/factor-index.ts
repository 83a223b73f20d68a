import type { DatabaseGwpSet, EmissionFactor } from "../core/model/factor.js";
import { ANY_COUNTRY, type ProxyDesignation } from "./proxies.js";

export type { ProxyDesignation } from "./proxies.js";

/** GWP-100 of the gases a fuel factor splits into, read from the library's GWP rows of a set. */
export interface GwpValues {
  readonly ch4: number;
  readonly n2o: number;
  /** The rows they were read from (their sources cite the assessment report). */
  readonly sources: readonly EmissionFactor[];
}

/**
 * The library keys of the GWP-100 rows a per-gas factor is converted with. For AR6 `ghg_ch4` is
 * IPCC AR6 Table 7.15's 27.9 (methane whose origin the factor does not state), not fossil 29.8 or
 * non-fossil 27.0: see docs/factor-library.md "GWP set".
 */
export const GWP_KEYS = { ch4: "ghg_ch4", n2o: "ghg_n2o" } as const;

/** The factor library (one release of it) arranged for resolution; immutable. */
export interface FactorIndex {
  /** Library rows of a key in priority (file) order. */
  rowsOf(key: string): readonly EmissionFactor[];
  /** Designations for a key and a country: the country's, its parent's (`US` of `US-CAMX`), then any country's. */
  proxiesOf(key: string, country: string | null): readonly ProxyDesignation[];
  /** The CH4 and N2O GWP-100 of a set, if the library has both rows (country empty, that set). */
  gwpOf(set: DatabaseGwpSet): GwpValues | undefined;
}

/** Indexes the whole library by key at once (the engine's tests, the shipped-data checks). */
export function createFactorIndex(
  factors: readonly EmissionFactor[],
  designations: readonly ProxyDesignation[],
): FactorIndex {
  const byKey = new Map<string, EmissionFactor[]>();
  for (const factor of factors) {
    const rows = byKey.get(factor.key);
    if (rows === undefined) byKey.set(factor.key, [factor]);
    else rows.push(factor);
  }
  const index = createLazyFactorIndex((key) => byKey.get(key) ?? [], designations);
  // Every designation is checked now, not when its key is first asked for.
  for (const designation of designations) index.proxiesOf(designation.key, designation.country);
  return index;
}

/**
 * An index that asks `rowsOfKey` for a key's rows the first time a resolution needs them (sorted
 * into priority order), so a process reads only the keys it prices instead of the whole library.
 * A designation given twice throws at once; one that names no library row throws when it is
 * first used: both are shipped data, so that is a bug to fix, not to skip.
 */
export function createLazyFactorIndex(
  rowsOfKey: (key: string) => readonly EmissionFactor[],
  designations: readonly ProxyDesignation[],
): FactorIndex {
  const byKey = new Map<string, readonly EmissionFactor[]>();
  const rowsOf = (key: string): readonly EmissionFactor[] => {
    let rows = byKey.get(key);
    if (rows === undefined) {
      rows = [...rowsOfKey(key)].sort((a, b) => a.priority - b.priority);
      byKey.set(key, rows);
    }
    return rows;
  };

  const proxies = new Map<string, ProxyDesignation>();
  for (const designation of designations) {
    const id = `${designation.key}|${designation.country}`;
    if (proxies.has(id)) {
      throw new Error(`proxy for ${designation.key} in ${designation.country} is given twice`);
    }
    proxies.set(id, designation);
  }
  const checked = new Set<ProxyDesignation>();
  const check = (designation: ProxyDesignation): ProxyDesignation => {
    if (checked.has(designation)) return designation;
    const rows = rowsOf(designation.proxyKey).filter(
      (row) => row.country === designation.proxyCountry,
    );
    if (rows.length === 0) {
      throw new Error(
        `proxy for ${designation.key} in ${designation.country} names ${designation.proxyKey} ${designation.proxyCountry}, which has no library row`,
      );
    }
    checked.add(designation);
    return designation;
  };

  const gwps = new Map<DatabaseGwpSet, GwpValues | undefined>();
  const gwpOf = (set: DatabaseGwpSet): GwpValues | undefined => {
    if (gwps.has(set)) return gwps.get(set);
    const row = (key: string) =>
      rowsOf(key).find((r) => r.country === null && r.gwpSet === set && r.unit === "kg");
    const ch4 = row(GWP_KEYS.ch4);
    const n2o = row(GWP_KEYS.n2o);
    const values =
      ch4 === undefined || n2o === undefined
        ? undefined
        : { ch4: ch4.co2e, n2o: n2o.co2e, sources: [ch4, n2o] };
    gwps.set(set, values);
    return values;
  };

  return {
    rowsOf,
    proxiesOf(key, country) {
      const found: ProxyDesignation[] = [];
      const code = country?.trim().toUpperCase() ?? "";
      const dash = code.indexOf("-");
      const places = [code, dash > 0 ? code.slice(0, dash) : "", ANY_COUNTRY];
      for (const place of places) {
        const designation = place === "" ? undefined : proxies.get(`${key}|${place}`);
        if (designation !== undefined && !found.includes(designation))
          found.push(check(designation));
      }
      return found;
    },
    gwpOf,
  };
}
