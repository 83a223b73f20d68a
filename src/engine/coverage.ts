/**
 * The coverage table of docs/factor-library.md, generated from the shipped library
 * (`npm run factors:generate`; a test fails when the page and the data disagree): for each
 * country the library serves and each kind of activity, the sources and years of the country's
 * own factors, else the global default (proxy) that stands in, else a dash.
 */
import type { EmissionFactor } from "../core/model/factor.js";
import { ANY_COUNTRY, type ProxyDesignation } from "./proxies.js";

export const COVERAGE_COUNTRIES = ["GB", "US", "ES", "FR", "PT", "DE"] as const;

interface Kind {
  readonly name: string;
  /** Whether a factor is of this kind. */
  readonly has: (factor: EmissionFactor) => boolean;
  /** What a cell adds after the sources: how many of a family of many keys the country has. */
  readonly detail?: (own: readonly EmissionFactor[]) => string;
}

const distinctKeys = (rows: readonly EmissionFactor[]): number =>
  new Set(rows.map((r) => r.key)).size;
const counted =
  (what: string) =>
  (own: readonly EmissionFactor[]): string =>
    `, ${distinctKeys(own)} ${what}`;

const key =
  (...keys: string[]) =>
  (f: EmissionFactor): boolean =>
    keys.includes(f.key);

const KINDS: readonly Kind[] = [
  { name: "Electricity (location-based)", has: key("electricity_grid") },
  { name: "Residual mix (market-based)", has: key("electricity_residual_mix") },
  { name: "Natural gas", has: key("natural_gas") },
  { name: "Diesel", has: key("diesel_fuel") },
  { name: "Petrol", has: key("petrol") },
  { name: "LPG", has: key("lpg") },
  { name: "Heating oil", has: key("heating_oil") },
  {
    name: "District heat",
    has: (f) => f.key === "district_heat" || f.key.startsWith("district_heat_network_"),
    detail: (own) => {
      const networks = distinctKeys(own.filter((f) => f.key.startsWith("district_heat_network_")));
      return networks === 0
        ? ""
        : `, ${networks} networks; no network: the DPE default for unlisted networks`;
    },
  },
  { name: "Water supply", has: key("water_supply") },
  { name: "Water treatment", has: key("water_treatment") },
  {
    name: "Waste by route",
    has: (f) => f.category === "Cat 5 Waste generated in operations" && f.key.startsWith("waste_"),
    detail: counted("material × route factors"),
  },
  {
    name: "Business travel",
    has: (f) => f.category === "Cat 6 Business travel" && !f.key.startsWith("hotel_stay"),
    detail: counted("factors"),
  },
  { name: "Hotel nights", has: key("hotel_stay", "hotel_stay_london") },
  {
    name: "Freight",
    has: (f) => f.category === "Cat 4 Upstream transportation and distribution",
    detail: counted("factors"),
  },
];

/** A source's short name in the table. */
export function shortSource(source: string): string {
  const names: readonly (readonly [string, string])[] = [
    ["UK DESNZ", "DESNZ"],
    ["US EPA GHG Emission Factors Hub", "EPA Hub"],
    ["US EPA Supply Chain", "USEEIO"],
    ["ADEME Base Carbone", "ADEME Base Carbone"],
    ["MITECO", "MITECO"],
    ["EEA", "EEA"],
    ["AIB", "AIB"],
    ["Ember", "Ember"],
  ];
  return names.find(([start]) => source.startsWith(start))?.[1] ?? source;
}

function years(rows: readonly EmissionFactor[]): string {
  const all = [...new Set(rows.map((r) => r.year))].sort((a, b) => a - b);
  const first = all[0];
  const last = all.at(-1);
  if (first === undefined || last === undefined) return "";
  return first === last ? String(first) : `${first}–${last}`;
}

/** "DESNZ 2024–2026; EEA 2023–2024": each source of the rows with its years, in first-row order. */
function sourcesOf(rows: readonly EmissionFactor[]): string {
  const bySource = new Map<string, EmissionFactor[]>();
  for (const row of rows) {
    const name = shortSource(row.source);
    bySource.set(name, [...(bySource.get(name) ?? []), row]);
  }
  return [...bySource]
    .map(([name, own]) => {
      const co2Only = own.filter((r) => r.gasBasis?.startsWith("CO2 only") === true);
      const note = co2Only.length > 0 ? ` (${years(co2Only)} CO2 only)` : "";
      return `${name} ${years(own)}${note}`;
    })
    .join("; ");
}

function cell(
  kind: Kind,
  country: string,
  factors: readonly EmissionFactor[],
  proxies: readonly ProxyDesignation[],
): string {
  const own = factors.filter(
    (f) => kind.has(f) && (f.country === country || f.country?.startsWith(`${country}-`) === true),
  );
  const regions = new Set(own.map((f) => f.country).filter((c) => c !== country));
  const parts: string[] = [];
  if (own.length > 0) {
    const where = regions.size > 0 ? `, ${regions.size} grid subregions` : "";
    parts.push(`${sourcesOf(own)}${kind.detail?.(own) ?? ""}${where}`);
  }
  // The country's own designation first, then the one for any country (as the resolver).
  const ownKeys = new Set(own.map((f) => f.key));
  const designated = [country, ANY_COUNTRY].flatMap((place) =>
    proxies.filter((d) => d.country === place && !ownKeys.has(d.key)),
  );
  const proxy = designated
    .map((d) => ({
      d,
      rows: factors.filter(
        (f) => f.key === d.proxyKey && kind.has(f) && f.country === d.proxyCountry,
      ),
    }))
    .find((candidate) => candidate.rows.length > 0 && candidate.d.proxyCountry !== country);
  if (proxy !== undefined) {
    const what = own.length > 0 ? "other keys: proxy" : "proxy";
    parts.push(`${what} ${proxy.d.proxyCountry} ${sourcesOf(proxy.rows)}`);
  }
  return parts.length === 0 ? "–" : parts.join("; ");
}

/** The table, Markdown: one row per kind, one column per country. */
export function coverageTable(
  factors: readonly EmissionFactor[],
  proxies: readonly ProxyDesignation[],
  countries: readonly string[] = COVERAGE_COUNTRIES,
): string {
  const pipes = (text: string) => text.replaceAll("|", "\\|");
  const lines = [
    `| activity | ${countries.join(" | ")} |`,
    `| --- | ${countries.map(() => "---").join(" | ")} |`,
    ...KINDS.map(
      (kind) =>
        `| ${kind.name} | ${countries.map((c) => pipes(cell(kind, c, factors, proxies))).join(" | ")} |`,
    ),
  ];
  return `${lines.join("\n")}\n`;
}

const START = "<!-- coverage table: generated by npm run factors:generate -->";
const END = "<!-- end of coverage table -->";

/** The page with its coverage table replaced by `table` (between the markers). */
export function withCoverageTable(page: string, table: string): string {
  const start = page.indexOf(START);
  const end = page.indexOf(END);
  if (start < 0 || end < start) throw new Error("docs/factor-library.md: coverage markers missing");
  return `${page.slice(0, start + START.length)}\n\n${table}\n${page.slice(end)}`;
}
