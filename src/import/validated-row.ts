import type { ColumnMap, Field } from "./columns.js";
import type { CsvRecord } from "./csv-record.js";
import type { RowError } from "./types.js";

/**
 * Where each field's column is in a record (-1: absent). A fixed shape read with constant names,
 * so each read is a plain property load; `columns[field]` with a varying field is a megamorphic
 * keyed load, paid nine times a row.
 */
interface CellIndexes {
  readonly id: number;
  readonly entityId: number;
  readonly category: number;
  readonly startDate: number;
  readonly endDate: number;
  readonly companyId: number;
  readonly building: number;
  readonly quantity: number;
  readonly unit: number;
  readonly country: number;
  readonly provider: number;
  readonly fuelType: number;
  readonly kwhPerM3: number;
}

let lastColumns: ColumnMap["columns"] | undefined;
let lastIndexes: CellIndexes | undefined;

/** The indexes of a column map (an import uses one map: the last one is remembered). */
function indexesOf(columns: ColumnMap["columns"]): CellIndexes {
  if (columns === lastColumns && lastIndexes !== undefined) return lastIndexes;
  const at = (field: Field): number => columns[field]?.index ?? -1;
  lastIndexes = {
    id: at("id"),
    entityId: at("entityId"),
    category: at("category"),
    startDate: at("startDate"),
    endDate: at("endDate"),
    companyId: at("companyId"),
    building: at("building"),
    quantity: at("quantity"),
    unit: at("unit"),
    country: at("country"),
    provider: at("provider"),
    fuelType: at("fuelType"),
    kwhPerM3: at("kwhPerM3"),
  };
  lastColumns = columns;
  return lastIndexes;
}

/** One row being checked: its cells by field, and the problems found so far. */
export class Row {
  readonly errors: RowError[] = [];
  /** Column positions: `row.cell(row.at.quantity)`. */
  readonly at: CellIndexes;
  readonly #record: CsvRecord;
  readonly #columns: ColumnMap["columns"];

  constructor(record: CsvRecord, columns: ColumnMap["columns"]) {
    this.#record = record;
    this.#columns = columns;
    this.at = indexesOf(columns);
  }

  get line(): number {
    return this.#record.line;
  }

  /** The trimmed cell at a column position ("" when the column is absent: -1). */
  cell(index: number): string {
    return index < 0 ? "" : (this.#record.cells[index] ?? "").trim();
  }

  /** The column name as the header writes it, else the canonical name. */
  column(field: Field): string {
    return this.#columns[field]?.name ?? field;
  }

  fail(column: string, message: string): undefined {
    this.errors.push({ line: this.#record.line, column, message });
    return undefined;
  }
}
