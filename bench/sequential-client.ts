/**
 * The baseline of the remote import bench: a plain client that sends one
 * `POST /api/v1/consumptions` at a time with undici's `request`, awaiting each answer before
 * the next, over one keep-alive connection. No retries, no concurrency.
 */
import { request } from "undici";

export interface SequentialRow {
  readonly id: string;
  readonly entityId: string;
  readonly categoryId: string;
  readonly startDate: string;
  readonly endDate: string;
  readonly companyId: string;
  readonly buildingId: string;
  readonly quantity: number;
  readonly unitType: string;
}

/** Sends every row, one after the other; returns how many the server answered 2xx. */
export async function sendSequentially(
  apiUrl: string,
  token: string,
  rows: readonly SequentialRow[],
): Promise<number> {
  const url = `${apiUrl}/api/v1/consumptions`;
  const headers = { authorization: `Bearer ${token}`, "content-type": "application/json" };
  let stored = 0;
  for (const row of rows) {
    const answer = await request(url, { method: "POST", headers, body: JSON.stringify(row) });
    const text = await answer.body.text();
    if (answer.statusCode >= 300) {
      throw new Error(`POST ${url} answered ${answer.statusCode}: ${text.slice(0, 500)}`);
    }
    stored += 1;
  }
  return stored;
}
