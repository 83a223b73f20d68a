import { uuidV5 } from "../../core/ids.js";
import type { Scope } from "../../core/model/common.js";
import type { Consumption } from "../../core/model/consumption.js";
import type { Emission } from "../../core/model/emission.js";
import {
  biogenicOf,
  type Calculation,
  type CalculationLine,
  type LineFigures,
  lineFigures,
} from "../../engine/emission-lines.js";
import { type StoredLine, storedLines } from "../../engine/stored-lines.js";
import { yearOf } from "../../rules/line-calculator.js";
import type { CategoryCatalog, StoredCategory } from "../../store/sqlite/categories.js";
import { MARKET_FIGURE, UNCOVERED_SHARE } from "../../store/sqlite/certificate-cover.js";
import { StoredDates } from "../../store/sqlite/stored-dates.js";
import type { RefCache } from "./ref-cache.js";

/**
 * The columns every read takes from `consumptions c`, in the order of RowTuple. Refs are turned
 * into ids in memory (RefCache, CategoryCatalog): no joins, no repeated strings. The market-based
 * figure leaves out the share of kWh that certificates cover (certificate-cover.ts); the
 * uncovered share itself scales the market-based figures of a split consumption's parts.
 */
export const ROW_COLUMNS = `c.id, c.entity_id, c.company_ref, c.building_ref, c.category_ref,
  c.start_date, c.end_date, c.quantity, c.unit, c.created_at, c.updated_at, c.co2e, c.co2, c.ch4,
  c.n2o, ${MARKET_FIGURE}, c.converted_quantity, c.provenance_ref, c.rowid, c.input_ref,
  c.kwh_per_m3, ${UNCOVERED_SHARE}`;

export type RowTuple = [
  id: string,
  entityId: string,
  companyRef: number,
  buildingRef: number,
  categoryRef: number,
  /** Integer milliseconds (stored-dates.ts). */
  startDate: number,
  endDate: number,
  quantity: number,
  unit: string,
  createdAt: number,
  updatedAt: number,
  co2e: number | null,
  co2: number | null,
  ch4: number | null,
  n2o: number | null,
  co2eMarket: number | null,
  convertedQuantity: number | null,
  provenanceRef: number | null,
  /** The row's place in the table: the tie-break of the list order (start date, then rowid). */
  rowid: number,
  /** The custom input the consumption names, if any. */
  inputRef: number | null,
  /** The bill's kWh per m3, if it gave one. */
  kwhPerM3: number | null,
  /** The share of its market-based figure no certificate covers (1: none covered). */
  uncoveredShare: number,
];

/** The emission's id: derived from its consumption's, so it is never stored. */
export function emissionIdOf(consumptionId: string): string {
  return uuidV5(`emission:${consumptionId}`);
}

/**
 * A line's id: the direct line of a consumption within one calendar year keeps the emission id
 * it always had; every other line's is derived from the consumption, its kind and its part: its
 * year, or the first day (`YYYY-MM-DD`) of a stretch a custom factor's validity starts.
 */
export function emissionLineIdOf(
  consumptionId: string,
  kind: string,
  part: number | string,
): string {
  return uuidV5(`emission:${consumptionId}:${kind}:${part}`);
}

/** Which lines a read keeps (undefined parts keep all). */
export interface LineFilter {
  readonly scopes?: ReadonlySet<Scope>;
  /** The refs of the filter's categories and of every category under them. */
  readonly categoryRefs?: ReadonlySet<number>;
  /**
   * The calendar years of a date window: a split consumption's line counts when its year is
   * one of them (the rows read already overlap the window).
   */
  readonly fromYear?: number;
  readonly toYear?: number;
}

export class RowDecoder {
  readonly #catalog: CategoryCatalog;
  readonly #refs: RefCache;
  readonly #dates = new StoredDates();

  constructor(catalog: CategoryCatalog, refs: RefCache) {
    this.#catalog = catalog;
    this.#refs = refs;
  }

  #categoryOf(ref: number) {
    const category = this.#catalog.byRef(ref);
    if (category === undefined) throw new Error(`category ref ${ref} is not in the catalog`);
    return category;
  }

  /** A line's subcategory: a derived line's own, else the consumption's. */
  #lineCategory(line: CalculationLine, own: StoredCategory): StoredCategory {
    if (line.category === null) return own;
    const category = this.#catalog.find(line.category);
    if (category === undefined) throw new Error(`category ${line.category} is not in the catalog`);
    return category;
  }

  consumption(row: RowTuple): Consumption {
    const consumption: Consumption = {
      id: row[0],
      entityId: row[1],
      categoryId: this.#categoryOf(row[4]).id,
      startDate: this.#dates.iso(row[5]),
      endDate: this.#dates.iso(row[6]),
      companyId: this.#refs.companyId(row[2]),
      buildingId: this.#refs.building(row[3]).id,
      quantity: row[7],
      unitType: row[8],
      createdAt: new Date(row[9]).toISOString(),
      updatedAt: new Date(row[10]).toISOString(),
    };
    const billed = row[20] === null ? consumption : { ...consumption, kwhPerM3: row[20] };
    if (row[19] === null) return billed;
    const input = this.#refs.input(row[19]);
    // The field that names it: a provider or heat input is the `provider`, a fuel the `fuelType`.
    const field = input.type === "fuel" ? "fuelType" : "provider";
    return { ...billed, [field]: input.id };
  }

  /** Whether a line is kept by a filter. */
  #keeps(line: CalculationLine, category: StoredCategory, filter: LineFilter | undefined): boolean {
    if (filter === undefined) return true;
    if (filter.scopes !== undefined && !filter.scopes.has(category.scope)) return false;
    if (filter.categoryRefs !== undefined && !filter.categoryRefs.has(category.ref)) return false;
    const year = line.year;
    if (year === null) return true;
    return (
      (filter.fromYear === undefined || year >= filter.fromYear) &&
      (filter.toYear === undefined || year <= filter.toYear)
    );
  }

  /** How many lines of a calculation a filter keeps, for a consumption of `categoryRef`. */
  lineCount(categoryRef: number, calculation: Calculation, filter: LineFilter | undefined): number {
    const own = this.#categoryOf(categoryRef);
    let count = 0;
    for (const line of calculation.lines) {
      if (this.#keeps(line, this.#lineCategory(line, own), filter)) count += 1;
    }
    return count;
  }

  /** The consumption's first line: its direct line (of its first year, when it is split). */
  emission(row: RowTuple): Emission {
    const [first] = this.lines(row);
    if (first === undefined) throw new Error(`consumption ${row[0]} has no emission line`);
    return first;
  }

  /** The consumption's lines a filter keeps, in order: year by year, the direct line first. */
  lines(row: RowTuple, filter?: LineFilter): Emission[] {
    const calculation = this.#refs.calculation(row[17]);
    const own = this.#categoryOf(row[4]);
    const ids = {
      consumptionId: row[0],
      companyId: this.#refs.companyId(row[2]),
      buildingId: this.#refs.building(row[3]).id,
      startDate: this.#dates.iso(row[5]),
      endDate: this.#dates.iso(row[6]),
      libraryVersion: calculation.libraryVersion,
    };
    const result: Emission[] = [];
    if (calculation.lines[0]?.year === null) {
      // Within one calendar year: every line over the consumption's days, no part to work out.
      for (const line of calculation.lines) {
        const category = this.#lineCategory(line, own);
        if (!this.#keeps(line, category, filter)) continue;
        const figures =
          line.kind === "direct"
            ? { ...rowFigures(row), biogenicCo2: biogenicOf(row[16], line) }
            : lineFigures(line, row[7], 1);
        const whole = line.kind === "direct";
        result.push(emission(ids, row, line, category, figures, whole, null));
      }
      return result;
    }
    const stored = storedLines(calculation, {
      quantity: row[7],
      startDate: ids.startDate,
      endDate: ids.endDate,
      row: rowFigures(row),
      marketShare: row[21],
    });
    for (const part of stored) {
      const category = this.#lineCategory(part.line, own);
      if (this.#keeps(part.line, category, filter)) {
        result.push(emission(ids, row, part.line, category, part.figures, part.rowFigures, part));
      }
    }
    return result;
  }
}

/** The row's own figures: its direct line's when it is within one year. */
function rowFigures(row: RowTuple): Omit<LineFigures, "biogenicCo2"> {
  return {
    co2e: row[11],
    co2: row[12],
    ch4: row[13],
    n2o: row[14],
    co2eMarketBased: row[15],
    convertedQuantity: row[16],
  };
}

/** What every line of one consumption row shares. */
interface RowIds {
  readonly consumptionId: string;
  readonly companyId: string;
  readonly buildingId: string;
  /** The consumption's own dates. */
  readonly startDate: string;
  readonly endDate: string;
  readonly libraryVersion: string;
}

/**
 * One line as the emission record. `part` is a split consumption's part (its days, its share of
 * the quantity); null for a consumption within one year that no validity cuts. The id is worked out only when read:
 * summaries never need it.
 */
function emission(
  ids: RowIds,
  row: RowTuple,
  line: CalculationLine,
  category: StoredCategory,
  figures: LineFigures,
  whole: boolean,
  part: StoredLine | null,
): Emission {
  const { consumptionId } = ids;
  const p = line.provenance;
  const startDate = part === null ? ids.startDate : part.startDate;
  return {
    get id() {
      return whole
        ? emissionIdOf(consumptionId)
        : emissionLineIdOf(consumptionId, line.kind, line.from ?? part?.year ?? yearOf(startDate));
    },
    consumptionId,
    companyId: ids.companyId,
    buildingId: ids.buildingId,
    categoryId: category.id,
    scope: category.scope,
    startDate,
    endDate: part === null ? ids.endDate : part.endDate,
    co2e: figures.co2e,
    co2: figures.co2,
    ch4: figures.ch4,
    n2o: figures.n2o,
    co2eMarketBased: figures.co2eMarketBased,
    factorId: p.factorId,
    factorSource: p.factorSource,
    factorYear: p.factorYear,
    status: p.status,
    // A part of a split consumption has its share of the quantity.
    quantity: part === null ? row[7] : row[7] * part.share,
    unit: row[8],
    convertedQuantity: figures.convertedQuantity,
    factorUnit: p.factorUnit,
    factorValue: p.factorValue,
    resolution: p.resolution,
    gwpSet: p.gwpSet,
    geography: p.geography,
    marketStatus: p.marketStatus,
    marketFactorId: p.marketFactorId,
    marketBasis: p.marketBasis,
    marketResolution: p.marketResolution,
    marketGeography: p.marketGeography,
    marketFactorYear: p.marketFactorYear,
    marketGwpSet: p.marketGwpSet,
    line: line.kind,
    biogenicCo2: figures.biogenicCo2,
    factorLibraryVersion: ids.libraryVersion,
  };
}
