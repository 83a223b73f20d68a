/**
 * Reading a stored consumption's lines back: its calculation (emission-lines.ts) applied to its
 * quantity and dates. A line names its part by its year, and by its stretch's first and last
 * days when a custom factor's validity cut it; a record without them means the whole year. The direct line of a consumption that is not split is its row's own
 * figures, as stored; every other line is derived here the way the write derived it.
 */
import {
  biogenicOf,
  type Calculation,
  type CalculationLine,
  type LineFigures,
  lineFigures,
} from "./emission-lines.js";
import { partOf, utcYear, type YearPart } from "./proration.js";

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
  let part: YearPart | undefined;
  return calculation.lines.map((line) => {
    // The lines of a part are next to each other: its days are worked out once.
    if (part === undefined || !samePart(part, line)) part = partOfLine(line, stored);
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

/** A line's part: the whole period (not split), else its year's or its stretch's days. */
function partOfLine(line: CalculationLine, stored: StoredConsumption): YearPart {
  const { startDate, endDate } = stored;
  if (line.year === null) {
    return { year: utcYear(startDate), from: null, to: null, startDate, endDate, share: 1 };
  }
  return partOf(startDate, endDate, line.year, { from: line.from ?? null, to: line.to ?? null });
}

function samePart(part: YearPart, line: CalculationLine): boolean {
  return (
    line.year !== null &&
    part.year === line.year &&
    part.from === (line.from ?? null) &&
    part.to === (line.to ?? null)
  );
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
