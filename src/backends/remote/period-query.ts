/**
 * The query parameters of a period filter on the consumption and emission lists and dashboards,
 * under the names the hosted service documents (shared/spec/hosted-service.md); carbon serve
 * accepts them beside its own `from`, `to` and `buildingId`.
 */
import type { PeriodFilter } from "../../core/ports/consumptions.js";
import type { QueryValue } from "./client.js";

export function periodQuery(filter: PeriodFilter): Record<string, QueryValue> {
  return {
    companyId: filter.companyId,
    "buildingIds[]": filter.buildingId,
    "categoryIds[]": filter.categoryIds,
    startDate: filter.from,
    endDate: filter.to,
  };
}
