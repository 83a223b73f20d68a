import type { Certificate } from "../../../core/model/certificate.js";
import type { RegosAnswerRow } from "../../../core/model/regos-dashboard.js";
import type { Column } from "../../output/format.js";

export const certificateColumns: readonly Column<Certificate>[] = [
  { header: "id", value: (record) => record.id },
  { header: "companyId", value: (record) => record.companyId },
  { header: "buildingId", value: (record) => record.buildingId },
  { header: "cup", value: (record) => record.cup },
  { header: "volumeMwh", value: (record) => record.volumeMwh },
  { header: "periodFrom", value: (record) => record.periodFrom },
  { header: "periodTo", value: (record) => record.periodTo },
  { header: "technology", value: (record) => record.technology },
  { header: "issuingBody", value: (record) => record.issuingBody },
  { header: "cancellationId", value: (record) => record.cancellationId },
  { header: "countryCode", value: (record) => record.countryCode },
  { header: "createdAt", value: (record) => record.createdAt },
  { header: "updatedAt", value: (record) => record.updatedAt },
];

export const regosColumns: readonly Column<RegosAnswerRow>[] = [
  { header: "buildingId", value: (row) => row.buildingId },
  { header: "buildingName", value: (row) => row.buildingName },
  { header: "cup", value: (row) => row.cup },
  { header: "consumedKwh", value: (row) => row.consumedKwh },
  { header: "coveredKwh", value: (row) => row.coveredKwh },
  { header: "coveragePercent", value: (row) => row.coveragePercent },
  { header: "locationKg", value: (row) => row.locationKg },
  { header: "marketKg", value: (row) => row.marketKg },
];
