/**
 * What an emission's factors say of themselves, counted in summaries (docs/factor-library.md
 * "Labelled fallbacks"): an earlier year's factor, another geography's (a grid region's parent
 * country, a proxy), a designated proxy, or a factor kept in a GWP set other than the
 * database's because it gives no gases to convert. Each basis (location, and scope 2's market)
 * counts; an emission is counted once per label.
 */
import type { Emission } from "../core/model/emission.js";
import type { GwpSet, ResolutionStep } from "../core/model/factor.js";

export interface FallbackLabels {
  readonly earlierYear: boolean;
  readonly otherGeography: boolean;
  readonly proxy: boolean;
  readonly gwpNotConverted: boolean;
}

interface Basis {
  readonly step: ResolutionStep | null;
  readonly factorYear: number | null;
  readonly gwpSet: GwpSet | null;
}

/** Steps whose year is not the geography's reporting year: a company's own, or a GWP. */
const TIMELESS: ReadonlySet<ResolutionStep> = new Set(["company_custom", "global_default"]);

function labelsOf(basis: Basis, year: number, gwpSet: GwpSet | null): FallbackLabels {
  const { step, factorYear } = basis;
  return {
    earlierYear: factorYear !== null && factorYear < year && (step === null || !TIMELESS.has(step)),
    otherGeography: step === "parent_country" || step === "proxy",
    proxy: step === "proxy",
    gwpNotConverted: gwpSet !== null && basis.gwpSet !== null && basis.gwpSet !== gwpSet,
  };
}

/** The labels of an emission's calculated bases; `gwpSet` is the database's (null: unknown). */
export function fallbackLabels(emission: Emission, gwpSet: GwpSet | null): FallbackLabels {
  const year = Number(emission.startDate.slice(0, 4));
  const none: FallbackLabels = {
    earlierYear: false,
    otherGeography: false,
    proxy: false,
    gwpNotConverted: false,
  };
  const location =
    emission.status === "calculated"
      ? labelsOf(
          { step: emission.resolution, factorYear: emission.factorYear, gwpSet: emission.gwpSet },
          year,
          gwpSet,
        )
      : none;
  const market =
    emission.scope === 2 && emission.marketStatus === "calculated"
      ? labelsOf(
          {
            step: emission.marketResolution,
            factorYear: emission.marketFactorYear,
            gwpSet: emission.marketGwpSet,
          },
          year,
          gwpSet,
        )
      : none;
  return {
    earlierYear: location.earlierYear || market.earlierYear,
    otherGeography: location.otherGeography || market.otherGeography,
    proxy: location.proxy || market.proxy,
    gwpNotConverted: location.gwpNotConverted || market.gwpNotConverted,
  };
}

/**
 * The emission's market-based figure (scope 1 and 3: the location-based one), or null when it
 * awaits a factor. A server that does not say `marketStatus` is read as before: the
 * market-based figure when given, else the location-based one.
 */
export function marketFigure(emission: Emission): number | null {
  const location = emission.status === "awaiting_factor" ? null : (emission.co2e ?? 0);
  if (emission.scope !== 2) return location;
  if (emission.marketStatus === "calculated") return emission.co2eMarketBased ?? 0;
  if (emission.marketStatus === "awaiting_factor") return null;
  return emission.co2eMarketBased ?? location;
}
