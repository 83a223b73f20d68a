import type { Category } from "../../../core/model/category.js";
import type { Column } from "../../output/format.js";

/** The columns of `categories list`: the record's fields (cli.md). */
export const categoryColumns: readonly Column<Category>[] = [
  { header: "id", value: (category) => category.id },
  { header: "level", value: (category) => category.level },
  { header: "code", value: (category) => category.code },
  { header: "name", value: (category) => category.name },
  { header: "parentId", value: (category) => category.parentId },
  { header: "scope", value: (category) => category.scope },
  { header: "defaultUnit", value: (category) => category.defaultUnit },
];
