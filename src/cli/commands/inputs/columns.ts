import type { RecommendedInputAnswer } from "../../../core/model/recommended-input.js";
import type { Column } from "../../output/format.js";

export const recommendedColumns: readonly Column<RecommendedInputAnswer>[] = [
  { header: "type", value: (row) => row.type },
  { header: "code", value: (row) => row.code },
  { header: "name", value: (row) => row.name },
  { header: "units", value: (row) => row.units.join(",") },
  { header: "route", value: (row) => row.route },
  { header: "factorKey", value: (row) => row.factor?.key },
  { header: "factorCountry", value: (row) => row.factor?.country },
  { header: "factorYear", value: (row) => row.factor?.year },
  { header: "co2ePerUnit", value: (row) => row.factor?.co2e, align: "right" },
  { header: "factorUnit", value: (row) => row.factor?.unit },
  { header: "marketCo2ePerUnit", value: (row) => row.marketFactor?.co2e, align: "right" },
  { header: "source", value: (row) => row.factor?.source },
];
