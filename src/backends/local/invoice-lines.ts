/**
 * An invoice's checks and lines before it is stored (docs/invoices.md): the building is the
 * company's, the waste operator is the company's and offers the route, and each line has a
 * category of the tree and a unit it takes; a counted line becomes a consumption's input.
 */
import type { FieldIssue } from "../../core/errors.js";
import { invoiceLineConsumptionId } from "../../core/ids.js";
import { fuelParents, lineCategory } from "../../core/invoice-categories.js";
import type { ConsumptionInput } from "../../core/model/consumption.js";
import type { InvoiceLine, LineEmissionStatus, ParsedInvoice } from "../../core/model/invoice.js";
import { unitProblem } from "../../rules/unit-check.js";
import type { BuildingRepository, StoredBuilding } from "../../store/sqlite/buildings.js";
import type { CategoryCatalog, StoredCategory } from "../../store/sqlite/categories.js";
import type { CompanyRepository, StoredCompany } from "../../store/sqlite/companies.js";
import type { WasteOperatorRepository } from "../../store/sqlite/waste-operators.js";
import type { ConsumptionWriter } from "./consumption-writer.js";

/** A line as stored: what was saved, and how it counted when saved (without a consumption). */
export interface StoredLine extends InvoiceLine {
  readonly counted: LineEmissionStatus;
}

/** What an upsert needs besides the invoices table. */
export interface InvoiceWriteParts {
  readonly companies: CompanyRepository;
  readonly buildings: BuildingRepository;
  readonly catalog: CategoryCatalog;
  readonly writer: ConsumptionWriter;
  readonly wasteOperators: WasteOperatorRepository;
  /** Deletes consumptions, audited, inside the current transaction. */
  removeConsumptions(ids: readonly string[]): number;
}

/** What an invoice's save writes, or the problems that refuse it (all of them at once). */
export interface CheckedInvoice {
  readonly issues: FieldIssue[];
  readonly lines: StoredLine[];
  readonly rows: ConsumptionInput[];
}

export function checkInvoice(
  parsed: ParsedInvoice,
  id: string,
  company: StoredCompany,
  building: StoredBuilding,
  parts: InvoiceWriteParts,
): CheckedInvoice {
  const issues: FieldIssue[] = [];
  if (building.companyRef !== company.ref) {
    issues.push({
      path: "buildingId",
      message: `building ${building.id} belongs to company ${building.companyId}, not ${company.id}`,
    });
  }
  issues.push(...operatorIssues(parsed, company.id, parts));
  const lines: StoredLine[] = [];
  const rows: ConsumptionInput[] = [];
  parsed.lines.forEach((line, index) => {
    const placed = placeLine(parsed, line, parts.catalog);
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
  parts: InvoiceWriteParts,
): FieldIssue[] {
  if (parsed.wasteOperatorId === null) return [];
  const operator = parts.wasteOperators.get(parsed.wasteOperatorId);
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
  | { readonly counted: LineEmissionStatus; readonly category?: StoredCategory }
  | { readonly field: string; readonly message: string };

/** The line's category in the stored tree, checked with its unit; or why it has none. */
function placeLine(parsed: ParsedInvoice, line: InvoiceLine, catalog: CategoryCatalog): Placed {
  const placed = lineCategory(parsed, line.fuel);
  if (placed.kind === "invalid") return { field: placed.field, message: placed.message };
  if (placed.kind !== "category") return { counted: placed.kind };
  const category = catalog.find(placed.code);
  const usable = category !== undefined && category.level === "subcategory";
  const parents = fuelParents[parsed.type];
  if (parents !== undefined) {
    const parent = usable ? catalog.byId(category.parentId ?? "")?.code : undefined;
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
