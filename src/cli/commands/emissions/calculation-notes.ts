/**
 * The stderr lines of dashboards, exports and consolidated summaries that say what the figures
 * stand on: the GWP set, the factors kept in another set, the labelled fallbacks and proxies, and
 * market-based figures awaiting a factor (docs/factor-library.md "Labelled fallbacks").
 */
import type { Emission, EmissionSummary } from "../../../core/model/emission.js";
import type { GwpSet } from "../../../core/model/factor.js";
import { fallbackLabels, marketFigure } from "../../../engine/emission-labels.js";
import { formatCount } from "../../render/numbers.js";

type Counts = Pick<
  EmissionSummary["totals"],
  | "awaitingFactor"
  | "marketAwaitingFactor"
  | "earlierYear"
  | "otherGeography"
  | "proxy"
  | "gwpNotConverted"
>;

function emissions(count: number): string {
  return `${formatCount(count)} emission${count === 1 ? "" : "s"}`;
}

/** `CO2e in IPCC AR5 GWP-100`, and how many emissions keep another set. */
export function gwpNote(gwpSet: GwpSet | null, notConverted = 0): string {
  if (gwpSet === null) return "CO2e in the server's GWP set, which it does not state";
  const kept =
    notConverted === 0
      ? ""
      : `; ${emissions(notConverted)} keep their factor's published GWP set (not restated: see factorId, gwpSet)`;
  return `CO2e in IPCC ${gwpSet} GWP-100${kept}`;
}

/** The lines for a summary's counts; `explain` is the list command that shows the rows. */
export function calculationNotes(counts: Counts, gwpSet: GwpSet | null, explain: string): string[] {
  const notes: string[] = [gwpNote(gwpSet, counts.gwpNotConverted)];
  const fallbacks: string[] = [];
  if (counts.earlierYear > 0) {
    fallbacks.push(`${emissions(counts.earlierYear)} priced with an earlier year's factor`);
  }
  if (counts.otherGeography > 0) {
    const proxies = counts.proxy === 0 ? "" : `, ${formatCount(counts.proxy)} of them proxies`;
    fallbacks.push(`${emissions(counts.otherGeography)} with another geography's factor${proxies}`);
  }
  if (fallbacks.length > 0) {
    notes.push(`${fallbacks.join("; ")}: see \`${explain}\` (resolution, geography)`);
  }
  if (counts.marketAwaitingFactor !== counts.awaitingFactor) {
    notes.push(
      `${emissions(counts.marketAwaitingFactor)} await a market-based factor, ${formatCount(counts.awaitingFactor)} a location-based one`,
    );
  }
  return notes;
}

/**
 * Counts the same labels over streamed records (an export of rows, which has no summary). The
 * GWP sets of each record are kept apart, so the database's set can be asked for afterwards.
 */
export function createTally(): {
  add(emission: Emission): void;
  counts(gwpSet: GwpSet | null): Counts;
} {
  const counts = {
    awaitingFactor: 0,
    marketAwaitingFactor: 0,
    earlierYear: 0,
    otherGeography: 0,
    proxy: 0,
  };
  /** `<location set>|<market set>` of the records with a calculated basis -> how many. */
  const sets = new Map<string, number>();
  return {
    add(emission) {
      if (emission.status === "awaiting_factor") counts.awaitingFactor += 1;
      if (marketFigure(emission) === null) counts.marketAwaitingFactor += 1;
      const labels = fallbackLabels(emission, null);
      if (labels.earlierYear) counts.earlierYear += 1;
      if (labels.otherGeography) counts.otherGeography += 1;
      if (labels.proxy) counts.proxy += 1;
      const location = emission.status === "calculated" ? (emission.gwpSet ?? "") : "";
      const market = emission.marketStatus === "calculated" ? (emission.marketGwpSet ?? "") : "";
      const key = `${location}|${market}`;
      sets.set(key, (sets.get(key) ?? 0) + 1);
    },
    counts(gwpSet) {
      let gwpNotConverted = 0;
      if (gwpSet !== null) {
        for (const [key, count] of sets) {
          if (key.split("|").some((set) => set !== "" && set !== gwpSet)) gwpNotConverted += count;
        }
      }
      return { ...counts, gwpNotConverted };
    },
  };
}
