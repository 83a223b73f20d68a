/**
 * The waste operators' upsert, lists and get against each server: the model of a plain
 * resource's case file (../resource-cases.ts finds it; its delete case stays in ../cases.ts).
 */
import type { CommandCase } from "../command-case.js";
import { ids } from "../seed.js";

export const cases: readonly CommandCase[] = [
  {
    name: "waste-operators upsert",
    args: () => [
      "waste-operators",
      "upsert",
      "--company",
      ids.company,
      "--name",
      "Recycla S.L.",
      "--treatment",
      "recycling,composting",
      "--registration-code",
      "13/GR/0042",
      "--country",
      "ES",
      "--id",
      ids.newWasteOperator,
    ],
  },
  {
    name: "waste-operators list",
    args: () => ["waste-operators", "list", "--company", ids.company],
  },
  { name: "waste-operators list (every company)", args: () => ["waste-operators", "list"] },
  { name: "waste-operators get", args: () => ["waste-operators", "get", ids.newWasteOperator] },
];
