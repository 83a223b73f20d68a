import { type CarbonError, isCarbonError } from "./errors.js";
import type { SupplierRowProblem } from "./model/supplier.js";

/** Error codes that refuse one row of a supplier batch; any other error fails the whole batch. */
const rowCodes = new Set(["validation", "not_found", "conflict"]);

/** True for an error about one supplier row's content (bad field, unknown company, conflict). */
export function isSupplierRowError(error: unknown): error is CarbonError {
  return isCarbonError(error) && rowCodes.has(error.code);
}

/** The problems of a refused row, by field, as an import reports them. */
export function supplierRowProblems(index: number, error: CarbonError): SupplierRowProblem[] {
  if (error.code === "not_found") return [{ index, field: "companyId", message: error.message }];
  const first = error.issues[0];
  if (error.code === "conflict" || first === undefined) {
    return [{ index, field: first?.path.split(".")[0] ?? "", message: error.message }];
  }
  return error.issues.map((issue) => ({
    index,
    field: issue.path.split(".")[0] ?? "",
    message: issue.message,
  }));
}
