import type { Building } from "../../../core/model/building.js";
import type { Column } from "../../output/format.js";

export const buildingColumns: readonly Column<Building>[] = [
  { header: "id", value: (building) => building.id },
  { header: "companyId", value: (building) => building.companyId },
  { header: "name", value: (building) => building.name },
  { header: "country", value: (building) => building.country },
  { header: "createdAt", value: (building) => building.createdAt },
];
