import type { CustomInput } from "../../../core/model/custom-input.js";
import type { Column } from "../../output/format.js";

export const customInputColumns: readonly Column<CustomInput>[] = [
  { header: "id", value: (record) => record.id },
  { header: "companyId", value: (record) => record.companyId },
  { header: "type", value: (record) => record.type },
  { header: "name", value: (record) => record.name },
  { header: "unit", value: (record) => record.unit },
  { header: "customFactorId", value: (record) => record.customFactorId },
  { header: "createdAt", value: (record) => record.createdAt },
  { header: "updatedAt", value: (record) => record.updatedAt },
];
