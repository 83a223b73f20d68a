import { describe, expect, it } from "vitest";
import { CarbonError } from "../../../src/core/errors.js";
import { mapColumns, normalizeColumnName } from "../../../src/import/columns.js";

const noDefaults = { companyId: false, building: false };
const spec = [
  "id",
  "entityId",
  "categoryId",
  "startDate",
  "endDate",
  "companyId",
  "buildingId",
  "quantity",
  "unitType",
];

function headerError(header: readonly string[], defaults = noDefaults, line = 1): CarbonError {
  try {
    mapColumns(header, defaults, line);
  } catch (error) {
    if (error instanceof CarbonError) return error;
    throw error;
  }
  throw new Error("expected mapColumns to throw");
}

describe("normalizeColumnName", () => {
  it.each([
    ["startDate", "startdate"],
    ["start_date", "startdate"],
    ["Start Date", "startdate"],
    ["START-DATE", "startdate"],
    ["  unit_Type ", "unittype"],
    ["entity id", "entityid"],
  ])("%j -> %j", (name, expected) => {
    expect(normalizeColumnName(name)).toBe(expected);
  });
});

describe("mapColumns", () => {
  it("maps the spec's field names", () => {
    const { columns } = mapColumns(spec, noDefaults);
    expect(columns.id).toEqual({ index: 0, name: "id", canonical: "id" });
    expect(columns.category).toEqual({ index: 2, name: "categoryId", canonical: "categoryId" });
    expect(columns.building).toEqual({ index: 6, name: "buildingId", canonical: "buildingId" });
    expect(columns.unit).toEqual({ index: 8, name: "unitType", canonical: "unitType" });
    expect(columns.country).toBeUndefined();
  });

  it("maps friendly names written in any case and separator style", () => {
    const header = [
      "Entity Id",
      "BUILDING",
      "country",
      "category",
      "start_date",
      "End-Date",
      "Quantity",
      "unit",
    ];
    const { columns } = mapColumns(header, { companyId: true, building: false });
    expect(columns.entityId?.index).toBe(0);
    expect(columns.building).toEqual({ index: 1, name: "BUILDING", canonical: "building" });
    expect(columns.country?.index).toBe(2);
    expect(columns.category?.canonical).toBe("category");
    expect(columns.startDate).toEqual({ index: 4, name: "start_date", canonical: "startDate" });
    expect(columns.endDate?.name).toBe("End-Date");
    expect(columns.unit?.canonical).toBe("unit");
    expect(columns.companyId).toBeUndefined();
  });

  it("ignores columns starting with _ and columns without a name", () => {
    const header = [
      "category",
      "startDate",
      "endDate",
      "quantity",
      "unit",
      "_line",
      "_column",
      "_error",
      "",
    ];
    const { columns } = mapColumns(header, { companyId: true, building: true });
    expect(Object.keys(columns).sort()).toEqual([
      "category",
      "endDate",
      "quantity",
      "startDate",
      "unit",
    ]);
  });

  it("reports unknown columns with a suggestion for typos", () => {
    const error = headerError([...spec.filter((c) => c !== "quantity"), "quantiy", "notes"]);
    expect(error.code).toBe("validation");
    expect(error.issues).toEqual([
      { path: "quantiy", line: 1, message: 'unknown column "quantiy" (did you mean quantity?)' },
      { path: "notes", line: 1, message: 'unknown column "notes"' },
      { path: "quantity", line: 1, message: "missing column quantity" },
    ]);
    expect(error.hint).toContain("accepted columns: id, entityId, categoryId (or category)");
  });

  it("reports every missing required column, honouring --company and --building", () => {
    expect(headerError(["entityId"]).issues.map((issue) => issue.path)).toEqual([
      "startDate",
      "endDate",
      "quantity",
      "unitType (or unit)",
      "categoryId (or category)",
      "companyId (or the --company flag)",
      "buildingId (or building, or the --building flag)",
    ]);
    const withFlags = headerError(["entityId", "quantity"], { companyId: true, building: true });
    expect(withFlags.issues.map((issue) => issue.path)).toEqual([
      "startDate",
      "endDate",
      "unitType (or unit)",
      "categoryId (or category)",
    ]);
  });

  it.each([
    [["unit", "unitType"], 'columns "unit" and "unitType" both give unit; keep one'],
    [
      ["category", "category_id"],
      'columns "category" and "category_id" both give category; keep one',
    ],
    [["building", "Building"], 'columns "building" and "Building" both give building; keep one'],
  ])("refuses two columns for one field: %j", (pair, message) => {
    const header = ["startDate", "endDate", "quantity", "unit", "category", "building"];
    const rest = header.filter(
      (c) => !pair.some((p) => normalizeColumnName(p) === normalizeColumnName(c)),
    );
    const error = headerError([...rest, ...pair], { companyId: true, building: true });
    expect(error.issues.map((issue) => issue.message)).toEqual([message]);
  });

  it("reports the header's line when blank lines come first", () => {
    expect(headerError(["nope"]).message).toContain("the header (line 1) is not usable");
    const error = headerError(["nope"], noDefaults, 3);
    expect(error.message).toContain("the header (line 3) is not usable");
    expect(error.issues.every((issue) => issue.line === 3)).toBe(true);
  });
});
