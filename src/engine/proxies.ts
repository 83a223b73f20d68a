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
