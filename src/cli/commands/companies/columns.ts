import type { Company } from "../../../core/model/company.js";
import type { Column } from "../../output/format.js";

export const companyColumns: readonly Column<Company>[] = [
  { header: "id", value: (company) => company.id },
  { header: "name", value: (company) => company.name },
  { header: "country", value: (company) => company.country },
  { header: "createdAt", value: (company) => company.createdAt },
];
