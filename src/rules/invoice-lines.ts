/**
 * An invoice's checks and lines before it is stored (docs/invoices.md): the building is the
 * company's, the waste operator is the company's and offers the route, and each line has a
 * category of the tree and a unit it takes; a counted line becomes a consumption's input.
 */
import type { FieldIssue } from "../core/errors.js";
import { invoiceLineConsumptionId } from "../core/ids.js";
import { fuelParents, lineCategory } from "../core/invoice-categories.js";
import type { Category } from "../core/model/category.js";
import type { ConsumptionInput } from "../core/model/consumption.js";
import type { InvoiceLine, LineEmissionStatus, ParsedInvoice } from "../core/model/invoice.js";
import type { WasteOperator } from "../core/model/waste-operator.js";
import type { StoredBuilding, StoredCompany, StoredInvoiceLine } from "./store.js";
import { unitProblem } from "./unit-check.js";

/** A category of the tree with its parent's code, as a line is checked against it. */
export interface TreeCategory extends Category {
  readonly parentCode: string | null;
}

/** What an invoice is checked against, read before it (or its batch) is. */
export interface InvoiceReferences {
  readonly company: StoredCompany;
  readonly building: StoredBuilding;
  /** The operator the invoice names (found), or undefined when it names none. */
  readonly operator: WasteOperator | undefined;
  /** The categories its lines name, by the code or id as `lineCodes` gave it. */
  readonly categories: ReadonlyMap<string, TreeCategory>;
}

/** What an invoice's save writes, or the problems that refuse it (all of them at once). */
export interface CheckedInvoice {
  readonly issues: FieldIssue[];
  readonly lines: StoredInvoiceLine[];
  readonly rows: ConsumptionInput[];
}

/** The category codes (or ids) the invoice's lines name, to read before checking it. */
export function lineCodes(parsed: ParsedInvoice): string[] {
  return parsed.lines.flatMap((line) => {
    const placed = lineCategory(parsed, line.fuel);
    return placed.kind === "category" ? [placed.code] : [];
  });
}

export function checkInvoice(
  parsed: ParsedInvoice,
  id: string,
  references: InvoiceReferences,
): CheckedInvoice {
  const { company, building } = references;
  const issues: FieldIssue[] = [];
  if (building.companyRef !== company.ref) {
    issues.push({
      path: "buildingId",
      message: `building ${building.id} belongs to company ${building.companyId}, not ${company.id}`,
    });
  }
  issues.push(...operatorIssues(parsed, company.id, references.operator));
  const lines: StoredInvoiceLine[] = [];
  const rows: ConsumptionInput[] = [];
  parsed.lines.forEach((line, index) => {
    const placed = placeLine(parsed, line, references.categories);
    if ("field" in placed) {
      issues.push({ path: `lines.${index}.${placed.field}`, message: placed.message });
      return;
    }
    lines.push({ ...line, counted: placed.counted });
    if (placed.category === undefined) return;
    rows.push({
      id: invoiceLineConsumptionId(id, index),
      entityId: id,
      categoryId: placed.category.id,
      startDate: `${parsed.startDate}T00:00:00.000Z`,
      endDate: `${parsed.endDate}T00:00:00.000Z`,
      companyId: company.id,
      buildingId: building.id,
      quantity: line.quantity,
      unitType: line.unit,
      ...(parsed.provider === null ? {} : { provider: parsed.provider }),
    });
  });
  return { issues, lines, rows };
}

/** The operator is the company's and offers the invoice's disposal route. */
function operatorIssues(
  parsed: ParsedInvoice,
  companyId: string,
  operator: WasteOperator | undefined,
): FieldIssue[] {
  if (operator === undefined) return [];
  if (operator.companyId !== companyId) {
    return [
      {
        path: "wasteOperatorId",
        message: `waste operator ${operator.id} is company ${operator.companyId}'s, not ${companyId}'s`,
      },
    ];
  }
  const route = parsed.wasteDisposalMethod;
  if (route !== null && !operator.treatments.includes(route)) {
    return [
      {
        path: "wasteDisposalMethod",
        message: `waste operator "${operator.name}" does not offer ${route} (it offers ${operator.treatments.join(", ")})`,
      },
    ];
  }
  return [];
}

type Placed =
  | { readonly counted: LineEmissionStatus; readonly category?: TreeCategory }
  | { readonly field: string; readonly message: string };

/** The line's category in the stored tree, checked with its unit; or why it has none. */
function placeLine(
  parsed: ParsedInvoice,
  line: InvoiceLine,
  categories: ReadonlyMap<string, TreeCategory>,
): Placed {
  const placed = lineCategory(parsed, line.fuel);
  if (placed.kind === "invalid") return { field: placed.field, message: placed.message };
  if (placed.kind !== "category") return { counted: placed.kind };
  const category = categories.get(placed.code);
  const usable = category !== undefined && category.level === "subcategory";
  const parents = fuelParents[parsed.type];
  if (parents !== undefined) {
    const parent = usable ? (category.parentCode ?? undefined) : undefined;
    if (!usable || parent === undefined || !parents.includes(parent)) {
      return {
        field: "fuel",
        message: `"${placed.code}" is not a fuel of a ${parsed.type} invoice: expected a subcategory of ${parents.join(" or ")} (carbon categories list)`,
      };
    }
  }
  // A waste route and material the library has no subcategory for: reported, never guessed.
  if (!usable) return { counted: "awaiting_factor" };
  const problem = unitProblem(line.unit, category);
  if (problem !== undefined) return { field: "unit", message: problem };
  return { counted: "calculated", category };
}
