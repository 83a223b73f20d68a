/**
 * `--company` of an import names the company every row is written to: a row whose companyId
 * cell names another company is refused (line and column), never written to that company.
 */
export function otherCompanyMessage(cell: string, companyId: string): string {
  return `this row is of company ${cell}, but --company is ${companyId}: remove the cell, or import the row without --company`;
}
