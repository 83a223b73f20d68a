/**
 * The import's fast row validator (row-validator.ts) against the zod schema every other way in
 * uses (consumptionInputSchema): fed the same values, they accept and refuse the same rows, and
 * agree on what an accepted row holds. A cell is trimmed and stands for its text, or for a number
 * when it is a decimal numeral (numbers.ts). Both sides also look things up the schema cannot
 * (the company, building and category exist; the unit suits the category): every row here names
 * ones that do, so only what the schema checks differs between rows.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { consumptionInputSchema } from "../../../src/core/model/consumption.js";
import { mapColumns } from "../../../src/import/columns.js";
import { FingerprintSet } from "../../../src/import/fingerprint-set.js";
import { References } from "../../../src/import/references.js";
import { type RowContext, validateRow } from "../../../src/import/row-validator.js";
import { createTestDb } from "../../cli/emissions/local-db.js";

const COMPANY = "0e6a4b7c-3d2f-4a1b-9c8d-7e6f5a4b3c2d";
const BUILDING = "5b4a3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d";
const HEADER = [
  "id",
  "entityId",
  "category",
  "startDate",
  "endDate",
  "companyId",
  "building",
  "quantity",
  "unit",
] as const;
type Field = (typeof HEADER)[number];
type Row = Record<Field, string>;

const pools: Readonly<Record<Field, readonly string[]>> = {
  id: [
    "6f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
    "6F1C2A4E-8B7D-4C6A-9E5F-1A2B3C4D5E6F",
    "6ba7b810-9dad-11d1-80b4-00c04fd430c8", // version 1
    "6f1c2a4e-8b7d-8c6a-9e5f-1a2b3c4d5e6f", // version 8
    "6f1c2a4e-8b7d-0c6a-9e5f-1a2b3c4d5e6f", // version 0
    "6f1c2a4e-8b7d-9c6a-9e5f-1a2b3c4d5e6f", // version 9
    "6f1c2a4e-8b7d-4c6a-ce5f-1a2b3c4d5e6f", // variant bits not RFC 4122
    "00000000-0000-0000-0000-000000000000",
    "ffffffff-ffff-ffff-ffff-ffffffffffff",
    "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
    " 6f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f ",
    "{6f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f}",
    "6f1c2a4e8b7d4c6a9e5f1a2b3c4d5e6f",
    "6f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6",
    "not-a-uuid",
  ],
  entityId: [
    "",
    "INV-1",
    "x".repeat(200),
    "x".repeat(201),
    "ñandú € 😀",
    "a\u0000b",
    "a\tb",
    "a\nb",
    "a\u007fb",
    "a\u0085b",
    "a\u2028b",
    "a\u200bb",
    "  padded  ",
  ],
  category: [],
  startDate: [],
  endDate: [],
  companyId: [COMPANY, COMPANY.toUpperCase()],
  building: [BUILDING, BUILDING.toUpperCase()],
  quantity: [
    ...[0, -0, 1, 12.5, -1, 1e3, 1e12, 1e12 + 1, 1e-7, 5e-324, 1e21, 1e308].map(String),
    "NaN",
    "Infinity",
    "-Infinity",
    "1e400",
    "",
    "12,5",
    "0x10",
    ".5",
    "5.",
    "+3",
    " 7 ",
    "1_000",
  ],
  unit: ["kWh", " kWh ", "MWh", "", "k\u0007Wh"],
};

const dates = [
  "2024-01-01",
  "2024-01-31",
  "2024-01-01T00:00:00Z",
  "2024-01-15T10:30:00+02:00",
  "2024-01-15T10:30:00.123Z",
  "2024-01-15T10:30",
  "2024-01-15 10:30:00",
  "2024-02-29",
  "2023-02-29",
  "2024-02-30",
  "2024-13-01",
  "2024-01-01T25:00:00Z",
  "1900-01-01",
  "1899-12-31",
  "2100-12-31",
  "2101-01-01",
  "20240101",
  "2024-1-1",
  "01/02/2024",
  "",
  " 2024-01-01 ",
];

const valid: Row = {
  id: "6f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
  entityId: "INV-1",
  category: "",
  startDate: "2024-01-01",
  endDate: "2024-01-31",
  companyId: COMPANY,
  building: BUILDING,
  quantity: "12.5",
  unit: "kWh",
};

const decimalNumeral = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

/** What the row's cells stand for, as the schema's JSON body. */
function bodyOf(row: Row, categoryId: string): Record<string, unknown> {
  const quantity = row.quantity.trim();
  return {
    id: row.id.trim(),
    entityId: row.entityId.trim(),
    categoryId,
    startDate: row.startDate.trim(),
    endDate: row.endDate.trim(),
    companyId: row.companyId.trim(),
    buildingId: row.building.trim(),
    quantity: decimalNumeral.test(quantity) ? Number(quantity) : quantity,
    unitType: row.unit.trim(),
  };
}

interface Verdicts {
  readonly validator: string;
  readonly schema: string;
}

/** Seeded, so a failure names a row that fails again. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe("the import's row validator and consumptionInputSchema", () => {
  let refs: References;
  let categoryId: string;
  const columns = mapColumns([...HEADER], { companyId: false, building: false }).columns;

  beforeAll(async () => {
    const db = createTestDb();
    refs = await db.withService(async (service) => {
      await service.companies.upsert({ id: COMPANY, name: "Acme", country: "ES" });
      await service.buildings.upsert({ id: BUILDING, companyId: COMPANY, name: "Madrid HQ" });
      const loaded = await References.load(service);
      await loaded.loadCompany(COMPANY);
      return loaded;
    });
    const lookup = refs.category("electricity");
    if (!lookup.ok) throw new Error(lookup.message);
    categoryId = lookup.category.id;
  });

  /** Each side's verdict: "refused", or the accepted row's values as one comparable text. */
  function verdicts(row: Row): Verdicts {
    const ctx: RowContext = {
      columns,
      headerLength: HEADER.length,
      refs,
      ids: new FingerprintSet(),
      checkDerivedIds: false,
      decimalComma: false,
      defaultCompanyId: undefined,
      defaultBuilding: undefined,
      createBuildings: false,
    };
    const cells = HEADER.map((field) => (field === "category" ? categoryId : row[field]));
    const checked = validateRow({ line: 2, cells }, ctx);
    const parsed = consumptionInputSchema.safeParse(bodyOf(row, categoryId));
    const text = (input: {
      id: string;
      entityId: string;
      startDate: string;
      endDate: string;
      quantity: number;
      unitType: string;
    }): string =>
      JSON.stringify([
        input.id.toLowerCase(),
        input.entityId,
        input.startDate,
        input.endDate,
        Object.is(input.quantity, -0) ? 0 : input.quantity,
        input.unitType,
      ]);
    return {
      validator: checked.ok ? text(checked.input) : "refused",
      schema: parsed.success ? text(parsed.data) : "refused",
    };
  }

  const cases: [string, Partial<Row>][] = [];
  for (const field of HEADER) {
    const pool = field === "startDate" || field === "endDate" ? dates : pools[field];
    for (const value of pool) cases.push([`${field} ${JSON.stringify(value)}`, { [field]: value }]);
  }

  it.each(cases)("agree on a row with %s", (_name, change) => {
    const { validator, schema } = verdicts({ ...valid, ...change });
    expect(validator).toBe(schema);
  });

  it("agree on 3,000 rows of random cells, several bad at once", () => {
    const next = random(20241125);
    const pick = <T>(values: readonly T[]): T => {
      const value = values[Math.floor(next() * values.length)];
      if (value === undefined) throw new Error("empty pool");
      return value;
    };
    const disagreements: string[] = [];
    let accepted = 0;
    for (let i = 0; i < 3000; i += 1) {
      const row = { ...valid };
      for (const field of HEADER) {
        if (field === "category" || next() < 0.5) continue;
        row[field] = pick(field === "startDate" || field === "endDate" ? dates : pools[field]);
      }
      const { validator, schema } = verdicts(row);
      if (validator !== "refused") accepted += 1;
      if (validator !== schema) {
        disagreements.push(`${JSON.stringify(row)}: validator ${validator}, schema ${schema}`);
      }
    }
    expect(disagreements.slice(0, 5)).toEqual([]);
    // Both outcomes occur often enough for the comparison to mean something.
    expect(accepted).toBeGreaterThan(100);
    expect(accepted).toBeLessThan(2900);
  });
});
