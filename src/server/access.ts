/**
 * Who may do what (docs/http-api.md, "Authentication and authorisation"):
 * - data of a company outside the token's `companies` answers 404, exactly as if it did not
 *   exist (same message as the service's own not_found), for reads, writes and list filters;
 * - a role too weak for a write on data the token can see answers 403.
 * Scope is checked before role, so a viewer probing another company's ids learns nothing.
 */
import { CarbonError, isCarbonError, notFound } from "../core/errors.js";
import type { Role, TokenClaims } from "./auth.js";

/** What a write touches: company records need an admin, everything else a member. */
export type WriteTarget =
  | "companies"
  | "buildings"
  | "consumptions"
  | "custom factors"
  | "suppliers"
  | "GLEC entries"
  | "invoices"
  | "effluent records"
  | "certificates";

const writers: Readonly<Record<WriteTarget, readonly Role[]>> = {
  companies: ["admin"],
  buildings: ["admin", "member"],
  consumptions: ["admin", "member"],
  "custom factors": ["admin", "member"],
  suppliers: ["admin", "member"],
  "GLEC entries": ["admin", "member"],
  invoices: ["admin", "member"],
  "effluent records": ["admin", "member"],
  certificates: ["admin", "member"],
};

export class Access {
  readonly claims: TokenClaims;
  readonly #scope: ReadonlySet<string> | undefined;

  constructor(claims: TokenClaims) {
    this.claims = claims;
    this.#scope =
      claims.companies.length === 0
        ? undefined
        : new Set(claims.companies.map((id) => id.toLowerCase()));
  }

  /** True when the token names its companies (else it sees every company). */
  get scoped(): boolean {
    return this.#scope !== undefined;
  }

  /** The token's companies (empty when unscoped). */
  get companies(): readonly string[] {
    return this.#scope === undefined ? [] : [...this.#scope];
  }

  sees(companyId: string): boolean {
    return this.#scope === undefined || this.#scope.has(companyId.trim().toLowerCase());
  }

  /** Throws the service's own not_found for a company outside the token's scope. */
  company(companyId: string): void {
    if (!this.sees(companyId)) throw notFound("company", companyId);
  }

  /** Throws 403 when the token's role may not write `target`. */
  mayWrite(target: WriteTarget): void {
    this.mayWriteAs(target, writers[target]);
  }

  /** Throws 403 when the token's role is not among `allowed` to write `target`. */
  mayWriteAs(target: string, allowed: readonly Role[]): void {
    if (allowed.includes(this.claims.role)) return;
    throw new CarbonError(
      "forbidden",
      `a ${this.claims.role} token may not write ${target}; that needs the role ${allowed.join(" or ")}`,
      { hint: "ask for a token with a stronger --role (carbon serve token)" },
    );
  }
}

/** The record `read` returns, or undefined when the service says not_found. */
export async function findOrUndefined<T>(read: () => Promise<T>): Promise<T | undefined> {
  try {
    return await read();
  } catch (error) {
    if (isCarbonError(error) && error.code === "not_found") return undefined;
    throw error;
  }
}
