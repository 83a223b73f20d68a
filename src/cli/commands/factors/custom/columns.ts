import type { CustomFactor } from "../../../../core/model/factor.js";
import type { Column } from "../../../output/format.js";

/** Columns of a custom factor; `codes` maps category ids to codes people recognise. */
export function customFactorColumns(
  codes: ReadonlyMap<string, string>,
): readonly Column<CustomFactor>[] {
  return [
    { header: "id", value: (factor) => factor.id },
    { header: "category", value: (factor) => codes.get(factor.categoryId) ?? factor.categoryId },
    { header: "basis", value: (factor) => factor.basis },
    { header: "validFrom", value: (factor) => factor.validFrom },
    { header: "validTo", value: (factor) => factor.validTo },
    { header: "unit", value: (factor) => factor.unit },
    { header: "co2e", value: (factor) => factor.co2e },
    { header: "co2", value: (factor) => factor.co2 },
    { header: "ch4", value: (factor) => factor.ch4 },
    { header: "n2o", value: (factor) => factor.n2o },
    { header: "source", value: (factor) => factor.source },
  ];
}
