/**
 * What the PostgreSQL store keeps under carbon_meta's keys besides the instance's identity: the
 * library version in use, that of emissions without a calculation record, and the calculation
 * policy (the keys and their decoding are SQLite's, src/store/stored-meta.ts).
 */
import type { CalculationPolicy } from "../../core/model/calculation-policy.js";
import { GWP_SET_KEY, PROXY_POLICY_KEY, policyOf } from "../stored-meta.js";
import type { Queryable } from "./transactions.js";

/** The values of these keys that are set. */
export async function readMeta(
  db: Queryable,
  keys: readonly string[],
): Promise<Map<string, string>> {
  const found = await db.query<{ key: string; value: string }>(
    "SELECT key, value FROM carbon_meta WHERE key = ANY($1::text[])",
    [keys],
  );
  return new Map(found.rows.map((row) => [row.key, row.value]));
}

/** Sets meta keys, replacing what they held. */
export async function setMeta(
  db: Queryable,
  entries: readonly (readonly [string, string])[],
): Promise<void> {
  await db.query(
    `INSERT INTO carbon_meta (key, value) SELECT * FROM unnest($1::text[], $2::text[])
     ON CONFLICT (key) DO UPDATE SET value = excluded.value`,
    [entries.map(([key]) => key), entries.map(([, value]) => value)],
  );
}

/** The database's policy: the defaults until one is saved. */
export async function readPolicy(db: Queryable): Promise<CalculationPolicy> {
  const meta = await readMeta(db, [GWP_SET_KEY, PROXY_POLICY_KEY]);
  return policyOf(meta.get(GWP_SET_KEY), meta.get(PROXY_POLICY_KEY));
}

export async function writePolicy(db: Queryable, policy: CalculationPolicy): Promise<void> {
  await setMeta(db, [
    [GWP_SET_KEY, policy.gwpSet],
    [PROXY_POLICY_KEY, policy.proxies],
  ]);
}
