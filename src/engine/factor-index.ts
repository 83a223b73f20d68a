import type { EmissionFactor } from "../core/model/factor.js";

/**
 * A line of `fixtures/factors/global-defaults.csv`: which library rows (key, country, year)
 * stand in for a key when the building's country has no factor of its own.
 */
export interface GlobalDefault {
  readonly key: string;
  readonly country: string;
  readonly year: number;
  readonly reason: string;
}

/** The factor library arranged for resolution. Build it once per library; it is immutable. */
export interface FactorIndex {
  /** Library rows of a key in priority (file) order. */
  rowsOf(key: string): readonly EmissionFactor[];
  /** The designated global default of a key and its rows (several units), if any. */
  globalDefaultOf(
    key: string,
  ): { readonly designation: GlobalDefault; readonly rows: readonly EmissionFactor[] } | undefined;
}

/**
 * Indexes the library by key. Throws if a global default names a key twice or points at no
 * library row: both files are shipped data, so that is a bug to fix, not to skip.
 */
export function createFactorIndex(
  factors: readonly EmissionFactor[],
  globalDefaults: readonly GlobalDefault[],
): FactorIndex {
  const byKey = new Map<string, EmissionFactor[]>();
  for (const factor of factors) {
    const rows = byKey.get(factor.key);
    if (rows === undefined) byKey.set(factor.key, [factor]);
    else rows.push(factor);
  }
  for (const rows of byKey.values()) rows.sort((a, b) => a.priority - b.priority);

  const defaults = new Map<
    string,
    { readonly designation: GlobalDefault; readonly rows: readonly EmissionFactor[] }
  >();
  for (const designation of globalDefaults) {
    if (defaults.has(designation.key)) {
      throw new Error(`global default for "${designation.key}" is given twice`);
    }
    const rows = (byKey.get(designation.key) ?? []).filter(
      (row) => row.country === designation.country && row.year === designation.year,
    );
    if (rows.length === 0) {
      throw new Error(
        `global default ${designation.key} ${designation.country} ${designation.year} matches no library row`,
      );
    }
    defaults.set(designation.key, { designation, rows });
  }

  return {
    rowsOf: (key) => byKey.get(key) ?? [],
    globalDefaultOf: (key) => defaults.get(key),
  };
}

/**
 * An index that asks `rowsOfKey` for a key's rows the first time a resolution needs them (in
 * priority order), so a process reads only the keys it prices instead of the whole library.
 * A global default that points at no row throws when its key is first asked for.
 */
export function createLazyFactorIndex(
  rowsOfKey: (key: string) => readonly EmissionFactor[],
  globalDefaults: readonly GlobalDefault[],
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
  const designations = new Map<string, GlobalDefault>();
  for (const designation of globalDefaults) {
    if (designations.has(designation.key)) {
      throw new Error(`global default for "${designation.key}" is given twice`);
    }
    designations.set(designation.key, designation);
  }
  return {
    rowsOf,
    globalDefaultOf(key) {
      const designation = designations.get(key);
      if (designation === undefined) return undefined;
      const rows = rowsOf(key).filter(
        (row) => row.country === designation.country && row.year === designation.year,
      );
      if (rows.length === 0) {
        throw new Error(
          `global default ${designation.key} ${designation.country} ${designation.year} matches no library row`,
        );
      }
      return { designation, rows };
    },
  };
}

const HEADER = ["key", "country", "year", "reason"];

/**
 * Parses global-defaults.csv: header `key,country,year,reason`, one row per key. The reason is
 * everything after the third comma (it may contain commas; surrounding quotes are removed).
 * Blank lines are skipped. Throws an Error naming the line on anything else.
 */
export function parseGlobalDefaults(csvText: string): GlobalDefault[] {
  const lines = csvText.replace(/^\uFEFF/, "").split(/\r?\n/);
  const header = (lines[0] ?? "").split(",").map((cell) => cell.trim());
  if (header.join(",") !== HEADER.join(",")) {
    throw new Error(
      `global defaults, line 1: expected header ${HEADER.join(",")}, got "${lines[0] ?? ""}"`,
    );
  }
  const result: GlobalDefault[] = [];
  lines.forEach((line, index) => {
    if (index === 0 || line.trim() === "") return;
    const lineNo = index + 1;
    const cells = line.split(",");
    const [key = "", country = "", yearText = ""] = cells.map((cell) => cell.trim());
    const reason = unquote(cells.slice(3).join(",").trim());
    const year = Number(yearText);
    if (key === "" || country === "" || cells.length < 4) {
      throw new Error(
        `global defaults, line ${lineNo}: expected key,country,year,reason, got "${line}"`,
      );
    }
    if (yearText === "" || !Number.isInteger(year)) {
      throw new Error(
        `global defaults, line ${lineNo}, column year: expected a whole year, got "${yearText}"`,
      );
    }
    result.push({ key, country, year, reason });
  });
  return result;
}

function unquote(text: string): string {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    return text.slice(1, -1).replaceAll('""', '"');
  }
  return text;
}
