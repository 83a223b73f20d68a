import type { User } from "../../../core/model/user.js";
import type { Column } from "../../output/format.js";

export const userColumns: readonly Column<User>[] = [
  { header: "id", value: (user) => user.id },
  { header: "email", value: (user) => user.email },
  { header: "roles", value: (user) => user.roles.join(" ") },
  { header: "role", value: (user) => user.role },
  {
    header: "companies",
    value: (user) =>
      user.companies.length === 0 ? "all" : user.companies.map((c) => c.companyId).join(" "),
  },
  { header: "status", value: (user) => user.status },
  { header: "name", value: (user) => user.name },
  { header: "createdAt", value: (user) => user.createdAt },
  { header: "updatedAt", value: (user) => user.updatedAt },
];
