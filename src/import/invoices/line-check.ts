import type { FieldIssue } from "../../core/errors.js";
import { fuelParents, lineCategory } from "../../core/invoice-categories.js";
import type { Category } from "../../core/model/category.js";
import { invoiceInputSchema, type ParsedInvoice } from "../../core/model/invoice.js";
import { checkUnit } from "../unit-check.js";

/**
 * The lines' categories and units checked against the category tree before anything is sent,
 * on either engine (a server refuses them only once earlier invoices are stored): the
 * local repository's rules, as issue paths `lines.<n>.<field>`.
 */
export function lineIssues(input: unknown, categories: readonly Category[]): FieldIssue[] {
  const parsed = invoiceInputSchema.safeParse(input);
  if (!parsed.success) return [];
  const invoice: ParsedInvoice = parsed.data;
  const byCode = new Map(categories.map((category) => [category.code, category]));
  const byId = new Map(categories.map((category) => [category.id, category]));
  const issues: FieldIssue[] = [];
  invoice.lines.forEach((line, index) => {
    const placed = lineCategory(invoice, line.fuel);
    if (placed.kind === "invalid") {
      issues.push({ path: `lines.${index}.${placed.field}`, message: placed.message });
      return;
    }
    if (placed.kind !== "category") return;
    const category = byCode.get(placed.code);
    const parents = fuelParents[invoice.type];
    if (parents !== undefined) {
      const parent = category?.parentId == null ? undefined : byId.get(category.parentId)?.code;
      if (parent === undefined || !parents.includes(parent)) {
        issues.push({
          path: `lines.${index}.fuel`,
          message: `"${placed.code}" is not a fuel of a ${invoice.type} invoice: expected a subcategory of ${parents.join(" or ")} (carbon categories list)`,
        });
        return;
      }
    }
    if (category === undefined) return;
    const unit = checkUnit(line.unit, category);
    if (!unit.ok) issues.push({ path: `lines.${index}.unit`, message: unit.message });
  });
  return issues;
}
