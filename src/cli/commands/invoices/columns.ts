import type { Invoice } from "../../../core/model/invoice.js";
import type { Column } from "../../output/format.js";

/** kg CO2e of the lines calculated so far; null when none is. */
function co2e(invoice: Invoice): number | null {
  const figures = invoice.lines.flatMap((line) =>
    line.emissions === null ? [] : [line.emissions],
  );
  return figures.length === 0 ? null : figures.reduce((sum, kg) => sum + kg, 0);
}

export const invoiceColumns: readonly Column<Invoice>[] = [
  { header: "id", value: (record) => record.id },
  { header: "companyId", value: (record) => record.companyId },
  { header: "buildingId", value: (record) => record.buildingId },
  { header: "type", value: (record) => record.type },
  { header: "status", value: (record) => record.status },
  { header: "startDate", value: (record) => record.startDate },
  { header: "endDate", value: (record) => record.endDate },
  { header: "cup", value: (record) => record.cup },
  { header: "totalCost", value: (record) => record.totalCost },
  { header: "currency", value: (record) => record.currency },
  {
    header: "lines",
    value: (record) => record.lines.map((line) => `${line.quantity} ${line.unit}`).join("; "),
  },
  { header: "co2e", value: co2e },
];
