/**
 * Reading a stored consumption's lines back: its calculation (emission-lines.ts) applied to its
 * quantity and dates. The direct line of a consumption that is not split is its row's own
 * figures, as stored; every other line is derived here the way the write derived it.
 */
import {
  biogenicOf,
  type Calculation,
  type CalculationLine,
  type LineFigures,
  lineFigures,
} from "./emission-lines.js";
import { utcYear, type YearPart, yearParts } from "./proration.js";

/** A stored consumption as its lines need it. */
export interface StoredConsumption {
  readonly quantity: number;
  /** Canonical UTC date-times. */
  readonly startDate: string;
  readonly endDate: string;
  /** The row's figures (the market-based one with the kWh certificates cover left out). */
  readonly row: Omit<LineFigures, "biogenicCo2">;
  /** The share of the market-based figure no certificate covers (1: nothing covered). */
  readonly marketShare: number;
}

/** One line of a stored consumption: its period (the part's days) and its figures. */
export interface StoredLine {
  readonly line: CalculationLine;
  readonly year: number;
  readonly startDate: string;
  readonly endDate: string;
  /** The part's days over the consumption's (1 when it is not split). */
  readonly share: number;
  /** True for the line whose figures are the row's own (the direct line, not split). */
  readonly rowFigures: boolean;
  readonly figures: LineFigures;
}

/** The lines of a consumption, in its calculation's order (part by part, direct line first). */
export function storedLines(calculation: Calculation, stored: StoredConsumption): StoredLine[] {
  const split = calculation.lines.some((line) => line.year !== null);
  const parts = split ? partsByYear(stored) : undefined;
  const whole: YearPart = {
    year: utcYear(stored.startDate),
    startDate: stored.startDate,
    endDate: stored.endDate,
    share: 1,
  };
  return calculation.lines.map((line) => {
    const part = line.year === null ? whole : (parts?.get(line.year) ?? emptyPart(line.year));
    const common = {
      line,
      year: part.year,
      startDate: part.startDate,
      endDate: part.endDate,
      share: part.share,
    };
    if (line.kind === "direct" && line.year === null) {
      const figures = {
        ...stored.row,
        biogenicCo2: biogenicOf(stored.row.convertedQuantity, line),
      };
      return { ...common, rowFigures: true, figures };
    }
    const figures = lineFigures(line, stored.quantity, part.share);
    const market = figures.co2eMarketBased;
    return {
      ...common,
      rowFigures: false,
      figures:
        market === null || stored.marketShare === 1
          ? figures
          : { ...figures, co2eMarketBased: market * stored.marketShare },
    };
  });
}

function partsByYear(stored: StoredConsumption): Map<number, YearPart> {
  return new Map(yearParts(stored.startDate, stored.endDate).map((part) => [part.year, part]));
}

/**
 * A year the consumption's period no longer touches (its dates changed without a new
 * calculation, which the writer never does): no days, so no share.
 */
function emptyPart(year: number): YearPart {
  const day = `${year}-01-01T00:00:00.000Z`;
  return { year, startDate: day, endDate: day, share: 0 };
}

/** kg CO2e of a stored consumption's derived lines (those with a factor). */
export function derivedCo2e(
  calculation: Calculation,
  quantity: number,
  startDate: string,
  endDate: string,
): number {
  if (calculation.lines.every((line) => line.kind === "direct")) return 0;
  const none = { co2e: null, co2: null, ch4: null, n2o: null, co2eMarketBased: null };
  const lines = storedLines(calculation, {
    quantity,
    startDate,
    endDate,
    row: { ...none, convertedQuantity: null },
    marketShare: 1,
  });
  let total = 0;
  for (const line of lines) {
    if (line.line.kind !== "direct") total += line.figures.co2e ?? 0;
  }
  return total;
}
