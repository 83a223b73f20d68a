/**
 * Consumption rows decoded: a row as the consumption record, and as its emission lines. A
 * consumption's lines are not rows of their own: each row gives them, from its calculation
 * record, in order (year by year, the direct line first).
 */
import { uuidV5 } from "../core/ids.js";
import type { Scope } from "../core/model/common.js";
import type { Consumption } from "../core/model/consumption.js";
import type { Emission } from "../core/model/emission.js";
import {
  biogenicOf,
  type Calculation,
  type CalculationLine,
  type LineFigures,
  lineFigures,
} from "../engine/emission-lines.js";
import { type StoredLine, storedLines } from "../engine/stored-lines.js";
import type {
  CalculationRecords,
  CategoryLookup,
  ConsumptionReadRow,
  RowReferences,
  StoredCategory,
} from "./store.js";
import { storedCalculation } from "./stored-calculations.js";

type Row = ConsumptionReadRow;

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

/** The ISO date-times of rows' dates (milliseconds since the epoch, UTC), remembered. */
export class IsoDates {
  readonly #known = new Map<number, string>();

  iso(ms: number): string {
    let iso = this.#known.get(ms);
    if (iso === undefined) {
      iso = new Date(ms).toISOString();
      // Rows repeat a few dates; a read of all-different dates just converts each one.
      if (this.#known.size >= 4096) this.#known.clear();
      this.#known.set(ms, iso);
    }
    return iso;
  }
}

/** The calendar year of a `YYYY-…` date. */
function yearOf(date: string): number {
  return Number(date.slice(0, 4));
}

/**
 * Rows decoded with what their keys stand for (`references`) and their calculation records
 * (`records`), as the store answered them for the read: the store's own maps answer every key
 * it holds, so one decoder serves every page of a stream.
 */
export class RowDecoder {
  readonly #refs: RowReferences;
  readonly #categories: CategoryLookup;
  readonly #records: CalculationRecords;
  readonly #dates = new IsoDates();

  constructor(references: RowReferences, records: CalculationRecords) {
    this.#refs = references;
    this.#categories = references.categories;
    this.#records = records;
  }

  /** A consumption's calculation: its record's (or the awaiting one of a row without). */
  calculation(ref: number | null): Calculation {
    return storedCalculation(this.#records, ref);
  }

  #categoryOf(ref: number) {
    const category = this.#categories.byRef(ref);
    if (category === undefined) throw new Error(`category ref ${ref} is not in the catalog`);
    return category;
  }

  /** A line's subcategory: a derived line's own, else the consumption's. */
  #lineCategory(line: CalculationLine, own: StoredCategory): StoredCategory {
    if (line.category === null) return own;
    const category = this.#categories.find(line.category);
    if (category === undefined) throw new Error(`category ${line.category} is not in the catalog`);
    return category;
  }

  consumption(row: Row): Consumption {
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
  emission(row: Row): Emission {
    const [first] = this.lines(row);
    if (first === undefined) throw new Error(`consumption ${row[0]} has no emission line`);
    return first;
  }

  /**
   * The consumption's lines a filter keeps, in order: year by year, the direct line first. Their
   * ids are worked out when read, unless `withIds` (a page about to be answered: a record whose
   * fields are all values is serialised much faster than one with a getter).
   */
  lines(row: Row, filter?: LineFilter, withIds = false): Emission[] {
    const emission = withIds ? emissionWithId : emissionWithLazyId;
    const calculation = this.calculation(row[17]);
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
function rowFigures(row: Row): Omit<LineFigures, "biogenicCo2"> {
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

/** A line's id, from its consumption's and (for any line but a whole direct one) its kind and part. */
function lineIdOf(
  consumptionId: string,
  line: CalculationLine,
  whole: boolean,
  part: StoredLine | null,
  startDate: string,
): string {
  return whole
    ? emissionIdOf(consumptionId)
    : emissionLineIdOf(consumptionId, line.kind, line.from ?? part?.year ?? yearOf(startDate));
}

/**
 * One line as the emission record. `part` is a split consumption's part (its days, its share of
 * the quantity); null for a consumption within one year that no validity cuts. The id is worked
 * out only when read: summaries never need it.
 */
function emissionWithLazyId(
  ids: RowIds,
  row: Row,
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
      return lineIdOf(consumptionId, line, whole, part, startDate);
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

/** `emissionWithLazyId`'s record with its id read once into a value, its fields in one order. */
function emissionWithId(
  ids: RowIds,
  row: Row,
  line: CalculationLine,
  category: StoredCategory,
  figures: LineFigures,
  whole: boolean,
  part: StoredLine | null,
): Emission {
  // A spread reads the getter and copies every field as a value, in the record's order.
  return { ...emissionWithLazyId(ids, row, line, category, figures, whole, part) };
}
