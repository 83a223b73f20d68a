/**
 * The account `carbon serve token` mints for (docs/users.md): the stored user of the e-mail, or a
 * new active account made from --role and --company (how the install's first admin is created).
 * Flags that differ from an existing account are refused: accounts change through
 * `carbon users update`, which is audited.
 */
import { openLocalService } from "../../../backends/local/index.js";
import { CarbonError, isCarbonError } from "../../../core/errors.js";
import { newId } from "../../../core/ids.js";
import { hostedOfRole, type User } from "../../../core/model/user.js";
import type { Role } from "../../../core/model/who-am-i.js";
import { roleOfUser } from "../../../server/accounts.js";
import { tokenEmail } from "../../../server/auth.js";
import { idResolver } from "../../id-resolver.js";

export interface AccountRequest {
  readonly email: string;
  readonly role: Role | undefined;
  /** --company values as typed (ids or names). */
  readonly companies: readonly string[];
}

export interface TokenHolder {
  readonly email: string;
  readonly role: Role;
  readonly companies: readonly string[];
  readonly userId: string;
}

function sameSet(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((id) => b.includes(id));
}

export async function tokenAccount(dbPath: string, request: AccountRequest): Promise<TokenHolder> {
  const email = tokenEmail(request.email);
  const service = await openLocalService({ path: dbPath });
  try {
    const ids = idResolver(async () => service);
    const companies: string[] = [];
    for (const text of request.companies) {
      const id = (await ids.company("--company", text)).toLowerCase();
      if (!companies.includes(id)) companies.push(id);
    }
    let user: User;
    try {
      user = await service.users.byEmail(email);
    } catch (error) {
      if (!isCarbonError(error) || error.code !== "not_found") throw error;
      user = await service.users.upsert(
        {
          id: newId(),
          email,
          roles: hostedOfRole[request.role ?? "viewer"],
          companies: companies.map((companyId) => ({ companyId })),
        },
        { actor: "carbon serve token" },
      );
    }
    const role = roleOfUser(user);
    const stored = user.companies.map((entry) => entry.companyId.toLowerCase());
    const hint = `change the account with \`carbon users update ${user.id}\`, or mint without --role and --company`;
    if (user.status !== "active") {
      throw new CarbonError("usage", `the account of ${user.email} is ${user.status}`, {
        hint:
          user.status === "pending"
            ? "the user accepts the invitation with `carbon auth accept-invite CODE`"
            : `make it active again with \`carbon users update ${user.id} --status active\``,
      });
    }
    if (request.role !== undefined && request.role !== role) {
      throw new CarbonError(
        "usage",
        `the account of ${user.email} has the role ${role} (${user.roles.join(", ")}), not ${request.role}`,
        { hint },
      );
    }
    if (request.companies.length > 0 && !sameSet(companies, stored)) {
      const scope = stored.length === 0 ? "every company" : stored.join(", ");
      throw new CarbonError("usage", `the account of ${user.email} sees ${scope}`, { hint });
    }
    return { email: user.email ?? email, role, companies: stored, userId: user.id };
  } finally {
    await service.close();
  }
}
