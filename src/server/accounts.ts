/**
 * Tokens minted for a stored account (docs/users.md): on every request the account is read
 * again, so a removed user's token stops working and a change of role or companies applies to
 * the next request. A token without an account (`uid`) keeps the claims it was signed with.
 */
import { CarbonError, isCarbonError } from "../core/errors.js";
import { hostedRoles, roleOfHosted, type User } from "../core/model/user.js";
import type { Role } from "../core/model/who-am-i.js";
import { roles } from "../core/model/who-am-i.js";
import type { CarbonService } from "../core/service.js";
import type { TokenClaims } from "./auth.js";

/** Our role of an account: its `role`, else its hosted role mapped (docs/users.md). */
export function roleOfUser(user: User): Role {
  const own = roles.find((role) => role === user.role);
  if (own !== undefined) return own;
  const hosted = hostedRoles.find((role) => role === user.roles[0]);
  return hosted === undefined ? "viewer" : roleOfHosted[hosted];
}

function refused(email: string, why: string): CarbonError {
  return new CarbonError("unauthenticated", `the account of ${email} ${why}`, {
    hint: "ask an admin of the server for access",
  });
}

/** The claims a request runs with: the token's, or its account's current role and companies. */
export async function accountClaims(
  service: CarbonService,
  claims: TokenClaims,
): Promise<TokenClaims> {
  if (claims.userId === undefined) return claims;
  let user: User;
  try {
    user = await service.users.get(claims.userId);
  } catch (error) {
    if (isCarbonError(error) && error.code === "not_found") {
      throw refused(claims.email, "no longer exists");
    }
    throw error;
  }
  if (user.status !== "active") throw refused(claims.email, `is ${user.status ?? "not active"}`);
  return {
    ...claims,
    email: user.email ?? claims.email,
    role: roleOfUser(user),
    companies: user.companies.map((entry) => entry.companyId.toLowerCase()),
  };
}
