import type { WasteOperator } from "../../../core/model/waste-operator.js";
import type { Column } from "../../output/format.js";

export const wasteOperatorColumns: readonly Column<WasteOperator>[] = [
  { header: "id", value: (record) => record.id },
  { header: "companyId", value: (record) => record.companyId },
  { header: "name", value: (record) => record.name },
  { header: "treatments", value: (record) => record.treatments.join(",") },
  { header: "registrationCode", value: (record) => record.registrationCode },
  { header: "countryCode", value: (record) => record.countryCode },
  { header: "createdAt", value: (record) => record.createdAt },
  { header: "updatedAt", value: (record) => record.updatedAt },
];
