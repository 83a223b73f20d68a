/**
 * Bearer tokens of `carbon serve`: HS256 JWTs signed with the server's secret (docs/serve.md).
 * Claims: `sub` (the user's e-mail), `role`, `companies` (UUIDs; empty means every company),
 * `uid` (the account's id, when minted for a stored user: its role and companies then come from
 * the account on each request), `iat`, `exp`. Anything wrong with a token is one error:
 * `unauthenticated` (401).
 */
import { errors, jwtVerify, SignJWT } from "jose";
import { z } from "zod";
import { formatDuration } from "../core/durations.js";
import { CarbonError, usageError } from "../core/errors.js";
import { isUuid } from "../core/ids.js";
import { emailProblem } from "../core/model/text-values.js";
import { type Role, roles } from "../core/model/who-am-i.js";

export { type Role, roles } from "../core/model/who-am-i.js";

/** What a verified token says about its bearer. */
export interface TokenClaims {
  readonly email: string;
  readonly role: Role;
  /** Lower-case company UUIDs; empty: every company. */
  readonly companies: readonly string[];
  /** The account the token was minted for (lower-case UUID); absent: an account-less token. */
  readonly userId?: string;
  /** ISO 8601 date-times. */
  readonly issuedAt: string;
  readonly expiresAt: string;
}

export interface TokenRequest {
  readonly email: string;
  readonly role: Role;
  readonly companies?: readonly string[];
  /** The stored account the token is for (docs/users.md). */
  readonly userId?: string;
  readonly ttlSeconds: number;
  /** The issue time (default now); tests mint expired tokens with a past one. */
  readonly now?: Date;
}

/** The longest token lifetime (`exp - iat`) a server accepts unless configured otherwise. */
export const DEFAULT_MAX_TOKEN_TTL_SECONDS = 30 * 86_400;

/** HS256 keys shorter than the hash are weak (RFC 7518 §3.2). */
export const MIN_SECRET_BYTES = 32;

function checkSecret(secret: Uint8Array): void {
  if (secret.byteLength < MIN_SECRET_BYTES) {
    throw usageError(
      `the signing secret has ${secret.byteLength} bytes; it needs at least ${MIN_SECRET_BYTES}`,
    );
  }
}

/** A token holder's e-mail, trimmed; not an address is a usage error. */
export function tokenEmail(text: string): string {
  const email = text.trim();
  const problem = emailProblem(email);
  if (problem !== undefined) {
    throw usageError(`invalid user "${text}": expected an e-mail address: ${problem}`);
  }
  return email;
}

/** Mints a token. Bad input (e-mail, company ids, ttl) is a usage error. */
export async function signToken(request: TokenRequest, secret: Uint8Array): Promise<string> {
  checkSecret(secret);
  const email = tokenEmail(request.email);
  if (!Number.isSafeInteger(request.ttlSeconds) || request.ttlSeconds <= 0) {
    throw usageError(`invalid ttl ${request.ttlSeconds}: expected a whole number of seconds > 0`);
  }
  const companies: string[] = [];
  for (const id of request.companies ?? []) {
    if (!isUuid(id)) throw usageError(`invalid company id "${id}": expected a UUID`);
    const lower = id.toLowerCase();
    if (!companies.includes(lower)) companies.push(lower);
  }
  if (request.userId !== undefined && !isUuid(request.userId)) {
    throw usageError(`invalid user id "${request.userId}": expected a UUID`);
  }
  const issuedAt = Math.floor((request.now ?? new Date()).getTime() / 1000);
  const account = request.userId === undefined ? {} : { uid: request.userId.toLowerCase() };
  return new SignJWT({ role: request.role, companies, ...account })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(email)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + request.ttlSeconds)
    .sign(secret);
}

const claimsSchema = z.object({
  sub: z.string().min(1),
  role: z.enum(roles),
  companies: z
    .array(z.string().refine(isUuid, "expected a company UUID"))
    .optional()
    .transform((ids) => [...new Set((ids ?? []).map((id) => id.toLowerCase()))]),
  uid: z.string().refine(isUuid, "expected a user UUID").optional(),
  iat: z.number(),
  exp: z.number(),
});

const HINT = "mint a new token with `carbon serve token --user EMAIL` on the server";

function unauthenticated(message: string, cause?: unknown): CarbonError {
  return new CarbonError("unauthenticated", message, {
    hint: HINT,
    ...(cause === undefined ? {} : { cause }),
  });
}

function isoOfSeconds(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}

/** Most verified tokens kept per secret; the cache starts over when full. */
const CACHE_LIMIT = 256;

interface Verified {
  readonly claims: TokenClaims;
  /** `exp` in milliseconds: jose refuses the token from then on. */
  readonly expiresMs: number;
}

/**
 * Verified tokens by secret, then by token string. HS256 verification of a given token with a
 * given secret always gives the same answer, so until its `exp` a token's claims can be reused.
 */
const verifiedTokens = new WeakMap<Uint8Array, Map<string, Verified>>();

export interface VerifyOptions {
  /** Longest lifetime (`exp - iat`) accepted; default DEFAULT_MAX_TOKEN_TTL_SECONDS. */
  readonly maxTtlSeconds?: number;
}

/**
 * Verifies signature, algorithm, expiry, lifetime and claims; any failure is `unauthenticated`.
 * A token verified before with the same secret and not expired yet is answered from a small
 * cache (the lifetime is checked on every call: servers sharing a secret may differ on it).
 */
export async function verifyToken(
  token: string,
  secret: Uint8Array,
  options: VerifyOptions = {},
): Promise<TokenClaims> {
  let cache = verifiedTokens.get(secret);
  const hit = cache?.get(token);
  let claims: TokenClaims;
  if (hit !== undefined && Date.now() < hit.expiresMs) {
    claims = hit.claims;
  } else {
    claims = await verifyUncached(token, secret);
    if (cache === undefined) {
      cache = new Map();
      verifiedTokens.set(secret, cache);
    } else if (cache.size >= CACHE_LIMIT) {
      cache.clear();
    }
    cache.set(token, { claims, expiresMs: Date.parse(claims.expiresAt) });
  }
  checkLifetime(claims, options.maxTtlSeconds ?? DEFAULT_MAX_TOKEN_TTL_SECONDS);
  return claims;
}

/** A stolen long-lived token stays useful for its whole lifetime: refuse those beyond the cap. */
function checkLifetime(claims: TokenClaims, maxTtlSeconds: number): void {
  const lifetime = (Date.parse(claims.expiresAt) - Date.parse(claims.issuedAt)) / 1000;
  if (lifetime <= maxTtlSeconds) return;
  throw new CarbonError(
    "unauthenticated",
    `the token is valid for ${formatDuration(lifetime)}, longer than this server accepts (at most ${formatDuration(maxTtlSeconds)})`,
    {
      hint: `mint a new token with \`carbon serve token --ttl ${formatDuration(maxTtlSeconds)}\` or less`,
    },
  );
}

async function verifyUncached(token: string, secret: Uint8Array): Promise<TokenClaims> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, secret, {
      algorithms: ["HS256"],
      requiredClaims: ["sub", "iat", "exp"],
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) {
      const exp = error.payload.exp;
      const when = typeof exp === "number" ? ` at ${isoOfSeconds(exp)}` : "";
      throw unauthenticated(`the token expired${when}`, error);
    }
    if (error instanceof errors.JWSSignatureVerificationFailed) {
      throw unauthenticated("the token's signature does not match this server's secret", error);
    }
    if (error instanceof errors.JOSEAlgNotAllowed) {
      throw unauthenticated("the token is not signed with HS256", error);
    }
    if (error instanceof errors.JOSEError) {
      throw unauthenticated(`malformed token: ${error.message}`, error);
    }
    throw error;
  }
  const claims = claimsSchema.safeParse(payload);
  if (!claims.success) {
    const first = claims.error.issues[0];
    const where = first === undefined ? "" : `: ${first.path.map(String).join(".")}`;
    throw unauthenticated(`malformed token: invalid claims${where}`);
  }
  return {
    email: claims.data.sub,
    role: claims.data.role,
    companies: claims.data.companies,
    ...(claims.data.uid === undefined ? {} : { userId: claims.data.uid.toLowerCase() }),
    issuedAt: isoOfSeconds(claims.data.iat),
    expiresAt: isoOfSeconds(claims.data.exp),
  };
}

/** The token of an `Authorization: Bearer <token>` header; anything else is `unauthenticated`. */
export function bearerToken(header: string | undefined): string {
  if (header === undefined || header.trim() === "") {
    throw unauthenticated("missing bearer token: send the header Authorization: Bearer <token>");
  }
  const match = /^Bearer[ \t]+([^\s]+)[ \t]*$/i.exec(header);
  const token = match?.[1];
  if (token === undefined) {
    throw unauthenticated("malformed Authorization header: expected Bearer <token>");
  }
  return token;
}
