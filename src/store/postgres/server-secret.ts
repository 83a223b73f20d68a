/**
 * What every `carbon serve` process on one PostgreSQL database shares, in `carbon_meta` (which
 * only the database's owner role may read): the signing secret of its tokens, so a token minted
 * by one process verifies on another, and the instance id the servers announce. Created by the
 * first process that asks; the others read it.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { SERVER_INSTANCE_KEY, SERVER_SECRET_KEY } from "../server-meta.js";
import { connect } from "./database.js";
import { parsePostgresUrl } from "./url.js";

const SECRET_BYTES = 32;

async function metaValue(url: string, key: string, create: () => string): Promise<string> {
  const pool = await connect(parsePostgresUrl(url), 1);
  try {
    // Two processes starting together: one insert wins, both read the same value.
    await pool.query(
      "INSERT INTO carbon_meta (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING",
      [key, create()],
    );
    const found = await pool.query<{ value: string }>(
      "SELECT value FROM carbon_meta WHERE key = $1",
      [key],
    );
    const value = found.rows[0]?.value;
    if (value === undefined) throw new Error(`${key} was not stored`);
    return value;
  } finally {
    await pool.end();
  }
}

/** Gets or creates the token signing secret of the (already migrated) database at `url`. */
export async function postgresServerSecret(url: string): Promise<Uint8Array> {
  const value = await metaValue(url, SERVER_SECRET_KEY, () =>
    randomBytes(SECRET_BYTES).toString("base64url"),
  );
  return new Uint8Array(Buffer.from(value, "base64url"));
}

/** Gets or creates the instance id of the (already migrated) database at `url`. */
export function postgresServerInstanceId(url: string): Promise<string> {
  return metaValue(url, SERVER_INSTANCE_KEY, randomUUID);
}
