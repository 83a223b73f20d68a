import type { ConsolidationRow } from "../../../core/consolidation.js";
import type { OrganizationLimit } from "../../../core/model/organization-limit.js";
import type { Column } from "../../output/format.js";

/** Members as `company:ID:SHARE` or `building:ID:SHARE`, comma-separated. */
export function membersText(limit: OrganizationLimit): string {
  return limit.members
    .map((m) =>
      m.companyId === null
        ? `building:${m.buildingId ?? ""}:${m.sharePercent ?? ""}`
        : `company:${m.companyId}:${m.sharePercent ?? ""}`,
    )
    .join(",");
}

export const limitColumns: readonly Column<OrganizationLimit>[] = [
  { header: "id", value: (record) => record.id },
  { header: "companyId", value: (record) => record.companyId },
  { header: "name", value: (record) => record.name },
  { header: "approach", value: (record) => record.approach },
  { header: "periodFrom", value: (record) => record.periodFrom },
  { header: "periodTo", value: (record) => record.periodTo },
  { header: "members", value: membersText },
  { header: "createdAt", value: (record) => record.createdAt },
  { header: "updatedAt", value: (record) => record.updatedAt },
];

/** A consolidation row, or the total (kind `total`, no id or share). */
export type ConsolidationLine =
  | ConsolidationRow
  | {
      readonly kind: "total";
      readonly consolidatedCo2e: number;
      readonly consolidatedCo2eMarketBased: number;
    };

const member = (row: ConsolidationLine) => (row.kind === "total" ? undefined : row);

/** The consolidated figures first, so a narrow table keeps them; the parts' own after. */
export const consolidationColumns: readonly Column<ConsolidationLine>[] = [
  { header: "kind", value: (row) => row.kind },
  { header: "id", value: (row) => member(row)?.id },
  { header: "role", value: (row) => member(row)?.role },
  { header: "appliedPercent", value: (row) => member(row)?.appliedPercent, align: "right" },
  { header: "consolidatedKg", value: (row) => row.consolidatedCo2e, align: "right" },
  {
    header: "consolidatedMarketBasedKg",
    value: (row) => row.consolidatedCo2eMarketBased,
    align: "right",
  },
  { header: "co2eKg", value: (row) => member(row)?.co2e, align: "right" },
  { header: "co2eMarketBasedKg", value: (row) => member(row)?.co2eMarketBased, align: "right" },
  { header: "sharePercent", value: (row) => member(row)?.sharePercent, align: "right" },
];
