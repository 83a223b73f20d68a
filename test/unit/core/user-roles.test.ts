import { describe, expect, it } from "vitest";
import {
  hostedOfRole,
  hostedRoles,
  roleOfHosted,
  rolesFieldSchema,
} from "../../../src/core/model/user.js";
import { roleOfUser } from "../../../src/server/accounts.js";

/** docs/users.md, "Roles": the hosted role each account holds, and the role carbon serve gives it. */
const mapping = [
  ["ROLE_OWNER", "admin"],
  ["ROLE_MANAGER", "member"],
  ["ROLE_VALIDATOR", "viewer"],
  ["ROLE_VIEWER", "viewer"],
] as const;

describe("the hosted roles on carbon serve", () => {
  it.each(mapping)("%s is a %s", (hosted, ours) => {
    expect(roleOfHosted[hosted]).toBe(ours);
    // An answer without our role is read by its hosted one.
    expect(
      roleOfUser({
        id: "6a1f3c2e-1111-4222-8333-444455556666",
        email: "a@example.com",
        name: null,
        phone: null,
        language: null,
        externalId: null,
        roles: [hosted],
        role: null,
        companies: [],
        status: "active",
      }),
    ).toBe(ours);
  });

  it("covers every hosted role, and each of ours maps back to one that maps to it", () => {
    expect(mapping.map(([hosted]) => hosted)).toEqual([...hostedRoles]);
    for (const role of ["admin", "member", "viewer"] as const) {
      expect(roleOfHosted[hostedOfRole[role]]).toBe(role);
    }
  });

  it.each([
    ["ROLE_OWNER", "ROLE_OWNER"],
    [" role_viewer ", "ROLE_VIEWER"],
    [["ROLE_MANAGER"], "ROLE_MANAGER"],
    [["ROLE_MANAGER", "role_manager"], "ROLE_MANAGER"],
  ])("reads roles %j as %s", (value, expected) => {
    expect(rolesFieldSchema.parse(value)).toBe(expected);
  });

  it.each([["ROLE_ROOT"], [["ROLE_OWNER", "ROLE_VIEWER"]], [[]]])("refuses roles %j", (value) => {
    expect(rolesFieldSchema.safeParse(value).success).toBe(false);
  });
});
