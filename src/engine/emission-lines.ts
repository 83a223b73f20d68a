/**
 * Emission lines: what a consumption emits, line by line (docs/factor-library.md#emission-lines).
 * Each calendar year the consumption's period touches is a part with its share of the days (cut
 * again where a custom factor's validity starts or ends), and each part has the consumption's own
 * line (`direct`) and the scope 3 category 3 lines its category derives (derived-lines.csv,
 * wtt-lines.csv). Every line is priced by `calculateEmission` with the factor the resolution
 * rules find for its subcategory and the part's year and days.
 *
 * What a line needs besides the consumption's quantity and dates is its calculation: the
 * provenance of its factor and what one unit of the quantity gives on it. A read derives each
 * line's figures from that, exactly as the write did: quantity × share of days × per-unit figure.
 */
import type { Category } from "../core/model/category.js";
import type { EmissionLine } from "../core/model/emission.js";
import type { FactorResolution } from "../core/model/factor.js";
import type { DerivationRule } from "./derived-lines.js";
import { calculateEmission, type EmissionValues } from "./emission.js";
import { countryChain, type LossFraction } from "./loss-fractions.js";
import { sumOfParts } from "./part-sums.js";
import { periodParts, type YearPart } from "./proration.js";

type FigureField = "co2e" | "co2" | "ch4" | "n2o" | "co2eMarketBased" | "convertedQuantity";

/** How a line's factor was found: an emission's values without its figures. */
export type LineProvenance = Omit<EmissionValues, FigureField>;

/** What one unit of the consumption's quantity gives on a line (null: not given). */
export interface PerUnit {
  /** In the factor's unit: the conversion from the consumption's unit. */
  readonly converted: number | null;
  readonly co2e: number | null;
  readonly co2: number | null;
  readonly ch4: number | null;
  readonly n2o: number | null;
  readonly market: number | null;
}

/** The grid loss fraction a T&D losses line was priced with. */
export interface UsedLossFraction {
  readonly value: number;
  readonly country: string;
  readonly year: number;
  readonly source: string;
  readonly sourceRef: string;
}

export interface CalculationLine {
  readonly kind: EmissionLine;
  /** The derived line's subcategory code; null for the direct line (the consumption's own). */
  readonly category: string | null;
  /** The part's calendar year; null: the consumption's whole period (it is not split). */
  readonly year: number | null;
  /**
   * The part's stretch within its year when a custom factor's validity cuts it (`YYYY-MM-DD`,
   * first and last day): absent, from 1 January and to 31 December. The part's days are those of
   * the consumption within them (proration.ts `partOf`).
   */
  readonly from?: string;
  readonly to?: string;
  readonly provenance: LineProvenance;
  readonly perUnit: PerUnit;
  /** Biogenic CO2 of the factor, kg per factor unit ("outside of scopes"); null: none given. */
  readonly biogenicCo2: number | null;
  readonly lossFraction: UsedLossFraction | null;
}

/** A consumption's calculation: immutable, shared by every consumption it fits. */
export interface Calculation {
  readonly libraryVersion: string;
  readonly lines: readonly CalculationLine[];
}

/** A line's figures, kilograms (the quantity in the factor's unit for `convertedQuantity`). */
export interface LineFigures {
  readonly convertedQuantity: number | null;
  readonly co2e: number | null;
  readonly co2: number | null;
  readonly ch4: number | null;
  readonly n2o: number | null;
  readonly co2eMarketBased: number | null;
  readonly biogenicCo2: number | null;
}

/** A derived line a consumption's category asks for, with the subcategory that prices it. */
export interface DerivedSpec<C extends Category = Category> {
  readonly rule: DerivationRule;
  readonly category: C;
}

export interface LinesInput<C extends Category = Category> {
  /** The consumption's subcategory. */
  readonly category: C;
  readonly quantity: number;
  readonly unit: string;
  /** The bill's kWh (gross CV) per m3 of a natural-gas volume, when it prints one. */
  readonly kwhPerM3?: number | null;
  /** Canonical UTC date-times. */
  readonly startDate: string;
  readonly endDate: string;
  /** The building's country, else the company's. */
  readonly country: string | null;
  readonly derived: readonly DerivedSpec<C>[];
  readonly libraryVersion: string;
  /**
   * Days (`YYYY-MM-DD`) where a custom factor's validity starts, or the day after it ends, for
   * the consumption's category or a derived one: the consumption is cut there too.
   */
  readonly cuts?: readonly string[];
  /**
   * The resolution of a subcategory for a part: its year and days (the consumption's country,
   * unit and company).
   */
  resolve(category: C, part: YearPart): FactorResolution;
  /** The consumption category's resolution from the library alone: the grid a loss fraction scales. */
  resolveGrid(year: number): FactorResolution;
  lossFraction(key: string, year: number): LossFraction | undefined;
  /** Biogenic CO2 of a library factor, kg per its unit; null for none (and custom factors). */
  biogenicOf(factorId: string): number | null;
}

export interface CalculatedLines {
  readonly calculation: Calculation;
  /** The consumption row's figures: its direct line, summed over the parts when it is split. */
  readonly direct: EmissionValues;
  /** Every line's figures, in the calculation's order. */
  readonly figures: readonly LineFigures[];
}

function times(quantity: number, perUnit: number | null): number | null {
  return perUnit === null ? null : quantity * perUnit;
}

/**
 * A line's figures: quantity × share of days × what one unit gives, and its biogenic CO2 from
 * the quantity in the factor's unit. A share of 1 leaves the quantity as it is.
 */
export function lineFigures(line: CalculationLine, quantity: number, share: number): LineFigures {
  const q = share === 1 ? quantity : quantity * share;
  const converted = times(q, line.perUnit.converted);
  return {
    convertedQuantity: converted,
    co2e: times(q, line.perUnit.co2e),
    co2: times(q, line.perUnit.co2),
    ch4: times(q, line.perUnit.ch4),
    n2o: times(q, line.perUnit.n2o),
    co2eMarketBased: times(q, line.perUnit.market),
    biogenicCo2: biogenicOf(converted, line),
  };
}

/** Biogenic CO2 of a line: the quantity in its factor's unit × the factor's biogenic CO2. */
export function biogenicOf(converted: number | null, line: CalculationLine): number | null {
  return converted === null || line.biogenicCo2 === null ? null : converted * line.biogenicCo2;
}

function provenanceOf(values: EmissionValues): LineProvenance {
  const {
    co2e: _co2e,
    co2: _co2,
    ch4: _ch4,
    n2o: _n2o,
    co2eMarketBased: _market,
    convertedQuantity: _converted,
    ...provenance
  } = values;
  return provenance;
}

function perUnitOf(values: EmissionValues): PerUnit {
  return {
    converted: values.convertedQuantity,
    co2e: values.co2e,
    co2: values.co2,
    ch4: values.ch4,
    n2o: values.n2o,
    market: values.co2eMarketBased,
  };
}

/** A line priced by calculateEmission on one unit of the consumption's quantity. */
function pricedLine(
  kind: EmissionLine,
  category: string | null,
  part: YearPart | null,
  values: EmissionValues,
  input: Pick<LinesInput, "biogenicOf">,
): CalculationLine {
  const factorId = values.status === "calculated" ? values.factorId : null;
  // Only a cut stretch names its days: a line without them is written as before.
  return {
    kind,
    category,
    year: part === null ? null : part.year,
    ...(part?.from == null ? {} : { from: part.from }),
    ...(part?.to == null ? {} : { to: part.to }),
    provenance: provenanceOf(values),
    perUnit: perUnitOf(values),
    biogenicCo2: factorId === null ? null : input.biogenicOf(factorId),
    lossFraction: null,
  };
}

/** Whether a factor is the consumption's own geography's (or the company's own factor). */
function ownGeography(resolution: FactorResolution, country: string | null): boolean {
  const location = resolution.location;
  if (location === null) return false;
  if (location.step === "company_custom") return true;
  const chain = countryChain(country);
  return location.country !== null && chain.includes(location.country.toUpperCase());
}

function scaled(value: number | null, fraction: number): number | null {
  return value === null ? null : value * fraction;
}

/**
 * T&D losses from a loss fraction (GHG Protocol category 3 activity C, EPA's grid gross loss):
 * one unit consumed loses `fraction` of a unit on the grid, emitted at the grid's factor.
 */
function lossLine(
  rule: DerivationRule,
  part: YearPart | null,
  grid: EmissionValues,
  fraction: LossFraction,
  input: Pick<LinesInput, "biogenicOf">,
): CalculationLine {
  const priced = pricedLine(rule.line, rule.derivedCategory, part, grid, input);
  const f = fraction.value;
  return {
    ...priced,
    provenance: {
      ...priced.provenance,
      factorValue: scaled(grid.factorValue, f),
      factorSource: `${grid.factorSource ?? ""} × grid gross loss ${f} (${fraction.country} ${fraction.year}, ${fraction.source})`,
      marketFactorId: null,
      marketBasis: null,
    },
    perUnit: {
      converted: grid.convertedQuantity,
      co2e: scaled(grid.co2e, f),
      co2: scaled(grid.co2, f),
      ch4: scaled(grid.ch4, f),
      n2o: scaled(grid.n2o, f),
      market: null,
    },
    biogenicCo2: scaled(priced.biogenicCo2, f),
    lossFraction: {
      value: f,
      country: fraction.country,
      year: fraction.year,
      source: fraction.source,
      sourceRef: fraction.sourceRef,
    },
  };
}

function derivedLine<C extends Category>(
  spec: DerivedSpec<C>,
  part: YearPart,
  split: boolean,
  input: LinesInput<C>,
): CalculationLine {
  const { rule, category } = spec;
  const resolution = input.resolve(category, part);
  const named = split ? part : null;
  const key = rule.lossFractionKey;
  if (key !== null && !ownGeography(resolution, input.country)) {
    const fraction = input.lossFraction(key, part.year);
    if (fraction !== undefined) {
      const grid = calculateEmission({
        quantity: 1,
        unit: input.unit,
        category: input.category,
        resolution: input.resolveGrid(part.year),
        kwhPerM3: input.kwhPerM3 ?? null,
      });
      if (grid.status === "calculated") return lossLine(rule, named, grid, fraction, input);
    }
  }
  const values = calculateEmission({
    quantity: 1,
    unit: input.unit,
    category,
    resolution,
    kwhPerM3: input.kwhPerM3 ?? null,
  });
  return pricedLine(rule.line, category.code, named, values, input);
}

/** Every line of a consumption, its row's figures and each line's figures. */
export function calculateLines<C extends Category>(input: LinesInput<C>): CalculatedLines {
  const parts = periodParts(input.startDate, input.endDate, input.cuts ?? []);
  const split = parts.length > 1;
  const lines: CalculationLine[] = [];
  const figures: LineFigures[] = [];
  const directParts: EmissionValues[] = [];
  let direct: EmissionValues | undefined;
  for (const part of parts) {
    const named = split ? part : null;
    const resolution = input.resolve(input.category, part);
    const unit = {
      unit: input.unit,
      category: input.category,
      resolution,
      kwhPerM3: input.kwhPerM3 ?? null,
    };
    const line = pricedLine(
      "direct",
      null,
      named,
      calculateEmission({ ...unit, quantity: 1 }),
      input,
    );
    lines.push(line);
    if (split) {
      const partFigures = lineFigures(line, input.quantity, part.share);
      figures.push(partFigures);
      directParts.push({ ...line.provenance, ...partFigures });
    } else {
      direct = calculateEmission({ ...unit, quantity: input.quantity });
      figures.push({ ...direct, biogenicCo2: biogenicOf(direct.convertedQuantity, line) });
    }
    for (const spec of input.derived) {
      const derived = derivedLine(spec, part, split, input);
      lines.push(derived);
      figures.push(lineFigures(derived, input.quantity, part.share));
    }
  }
  return {
    calculation: { libraryVersion: input.libraryVersion, lines },
    direct: direct ?? sumOfParts(directParts),
    figures,
  };
}
