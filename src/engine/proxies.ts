/**
 * Proxy designations (`fixtures/factors/proxies.csv`): which key of which other geography stands
 * in for a key where a country has no factor of its own, and why. A designation names the
 * country it applies to, or `*` for any country (and for a consumption of no country).
 */
export interface ProxyDesignation {
  /** The key a consumption needs (a subcategory's factor key). */
  readonly key: string;
  /** An ISO 3166 code or grid region it applies to, or `*` for any country. */
  readonly country: string;
  /** The key whose rows stand in (often `key` itself; heating oil abroad: `gas_oil`). */
  readonly proxyKey: string;
  /** The geography of the rows that stand in. */
  readonly proxyCountry: string;
  readonly reason: string;
}

/** The country a designation for any country is written with. */
export const ANY_COUNTRY = "*";

const HEADER = ["key", "country", "proxy_key", "proxy_country", "reason"];

/**
 * Parses proxies.csv: header `key,country,proxy_key,proxy_country,reason`. The reason is
 * everything after the fourth comma (it may contain commas; surrounding quotes are removed).
 * Blank lines are skipped. Throws an Error naming the line on anything else: it is shipped data.
 */
export function parseProxyDesignations(csvText: string): ProxyDesignation[] {
  const lines = csvText.replace(/^\uFEFF/, "").split(/\r?\n/);
  const header = (lines[0] ?? "").split(",").map((cell) => cell.trim());
  if (header.join(",") !== HEADER.join(",")) {
    throw new Error(
      `proxies, line 1: expected header ${HEADER.join(",")}, got "${lines[0] ?? ""}"`,
    );
  }
  const result: ProxyDesignation[] = [];
  lines.forEach((line, index) => {
    if (index === 0 || line.trim() === "") return;
    const cells = line.split(",");
    const [key = "", country = "", proxyKey = "", proxyCountry = ""] = cells.map((c) => c.trim());
    const reason = unquote(cells.slice(4).join(",").trim());
    if (cells.length < 5 || [key, country, proxyKey, proxyCountry, reason].includes("")) {
      throw new Error(
        `proxies, line ${index + 1}: expected key,country,proxy_key,proxy_country,reason, got "${line}"`,
      );
    }
    result.push({ key, country: country.toUpperCase(), proxyKey, proxyCountry, reason });
  });
  return result;
}

function unquote(text: string): string {
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    return text.slice(1, -1).replaceAll('""', '"');
  }
  return text;
}

const GLOBAL_DEFAULTS_HEADER = ["key", "country", "year", "reason"];

/** A line of the base release's `global-defaults.csv` (the designations before proxies.csv). */
export interface GlobalDefault {
  readonly key: string;
  readonly country: string;
  readonly year: number;
  readonly reason: string;
}

/**
 * Parses global-defaults.csv: header `key,country,year,reason`, one row per key; the reason is
 * everything after the third comma. Throws an Error naming the line on anything else.
 */
export function parseGlobalDefaults(csvText: string): GlobalDefault[] {
  const lines = csvText.replace(/^\uFEFF/, "").split(/\r?\n/);
  const header = (lines[0] ?? "").split(",").map((cell) => cell.trim());
  if (header.join(",") !== GLOBAL_DEFAULTS_HEADER.join(",")) {
    throw new Error(
      `global defaults, line 1: expected header ${GLOBAL_DEFAULTS_HEADER.join(",")}, got "${lines[0] ?? ""}"`,
    );
  }
  const result: GlobalDefault[] = [];
  lines.forEach((line, index) => {
    if (index === 0 || line.trim() === "") return;
    const cells = line.split(",");
    const [key = "", country = "", yearText = ""] = cells.map((cell) => cell.trim());
    const reason = unquote(cells.slice(3).join(",").trim());
    const year = Number(yearText);
    if (cells.length < 4 || key === "" || country === "" || reason === "") {
      throw new Error(
        `global defaults, line ${index + 1}: expected key,country,year,reason, got "${line}"`,
      );
    }
    if (yearText === "" || !Number.isInteger(year)) {
      throw new Error(
        `global defaults, line ${index + 1}, column year: expected a whole year, got "${yearText}"`,
      );
    }
    result.push({ key, country, year, reason });
  });
  return result;
}

/** A global default as a designation: one country's rows of the key stand in anywhere. */
export function proxyOfGlobalDefault(d: GlobalDefault): ProxyDesignation {
  return {
    key: d.key,
    country: ANY_COUNTRY,
    proxyKey: d.key,
    proxyCountry: d.country,
    reason: d.reason,
  };
}

/** A release's designations from its defaults file, whichever of the two layouts it has. */
export function releaseProxies(csvText: string): ProxyDesignation[] {
  const header = csvText.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  return header
    .split(",")
    .map((cell) => cell.trim())
    .join(",") === GLOBAL_DEFAULTS_HEADER.join(",")
    ? parseGlobalDefaults(csvText).map(proxyOfGlobalDefault)
    : parseProxyDesignations(csvText);
}
