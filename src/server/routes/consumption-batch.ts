/**
 * `POST /consumptions/batch` (extension): up to 500 consumptions in one request, stored all or
 * nothing (batches that arrive together share one transaction: group-commit.ts), with the
 * per-item rules of `POST /consumptions`: an item of a company outside the token's scope, or
 * updating a consumption of such a company, answers 404 as if missing; a building of another
 * company is "does not exist" (422); then the role. A bad item answers 422 with errors at
 * `items.<i>.<field>` and stores nothing of the batch.
 */
import { z } from "zod";
import { CarbonError, isCarbonError, notFound, validationError } from "../../core/errors.js";
import {
  consumptionBatchResultSchema,
  consumptionInputSchema,
} from "../../core/model/consumption.js";
import type { ImportCounts } from "../../core/ports/consumptions.js";
import type { CarbonService } from "../../core/service.js";
import { type Access, findOrUndefined } from "../access.js";
import { canonicalItems } from "../batch-items.js";
import { groupCommitterOf } from "../group-commit.js";
import { parseQuery, upsertConsumptionQuery } from "../input.js";
import { type Answer, defineRoute, ok, type Route } from "../route.js";

export const MAX_BATCH_ITEMS = 500;

export const batchBodySchema = z.strictObject({
  items: z.array(consumptionInputSchema).min(1).max(MAX_BATCH_ITEMS),
});
type BatchItem = z.output<typeof batchBodySchema>["items"][number];

/** Session errors name the row (`rows.3.quantity`); here the item (`items.3.quantity`). */
function asItems(error: unknown): unknown {
  if (!isCarbonError(error)) return error;
  const rename = (text: string): string => text.replaceAll(/\brows\.(\d+)/g, "items.$1");
  return new CarbonError(error.code, rename(error.message), {
    issues: error.issues.map((issue) => ({ ...issue, path: rename(issue.path) })),
    ...(error.hint === undefined ? {} : { hint: error.hint }),
    cause: error,
  });
}

/** The scope rules of the single route, item by item (nothing to check for an unscoped token). */
async function checkScope(
  service: CarbonService,
  access: Access,
  items: readonly BatchItem[],
): Promise<void> {
  if (!access.scoped) return;
  const buildings = new Map<string, boolean>();
  for (const [index, item] of items.entries()) {
    access.company(item.companyId);
    const before = await findOrUndefined(() => service.consumptions.get(item.id));
    if (before !== undefined && !access.sees(before.companyId)) {
      throw notFound("consumption", item.id);
    }
    let visible = buildings.get(item.buildingId);
    if (visible === undefined) {
      const building = await findOrUndefined(() => service.buildings.get(item.buildingId));
      visible = building === undefined || access.sees(building.companyId);
      buildings.set(item.buildingId, visible);
    }
    if (!visible) {
      const message = `building ${item.buildingId} does not exist`;
      throw validationError(`consumption rejected: items.${index}.buildingId: ${message}`, [
        { path: `items.${index}.buildingId`, message },
      ]);
    }
  }
}

/** A dry run: a session of its own, rolled back. */
async function dryRunBatch(
  service: CarbonService,
  items: readonly BatchItem[],
): Promise<ImportCounts> {
  const session = await service.consumptions.openImport({ dryRun: true });
  let counts: ImportCounts;
  try {
    counts = await session.write(items);
  } catch (error) {
    await session.abort();
    throw asItems(error);
  }
  // A dry run's commit rolls back.
  await session.commit();
  return counts;
}

/** Scope, role, then the write: grouped with the batches queued with it (group-commit.ts). */
async function writeItems(
  service: CarbonService,
  access: Access,
  items: readonly BatchItem[],
  dryRun: boolean,
): Promise<Answer> {
  if (dryRun) {
    await checkScope(service, access, items);
    access.mayWrite("consumptions");
    return ok({ counts: await dryRunBatch(service, items) });
  }
  // Checked inside the group's transaction, after the batches that arrived before this one.
  const counts = await groupCommitterOf(service).submit(async (session) => {
    await checkScope(service, access, items);
    access.mayWrite("consumptions");
    try {
      return await session.write(items);
    } catch (error) {
      throw asItems(error);
    }
  });
  return ok({ counts });
}

function tooMany(body: unknown): void {
  if (typeof body !== "object" || body === null || !("items" in body)) return;
  const { items } = body;
  if (!Array.isArray(items) || items.length <= MAX_BATCH_ITEMS) return;
  throw new CarbonError(
    "payload_too_large",
    `too many items: ${items.length}; a batch takes at most ${MAX_BATCH_ITEMS}`,
    { hint: `send at most ${MAX_BATCH_ITEMS} consumptions per request` },
  );
}

const batchRoute = defineRoute({
  method: "POST",
  path: "/consumptions/batch",
  summary: `Create or update 1 to ${MAX_BATCH_ITEMS} consumptions, all or nothing (member, admin)`,
  extension: true,
  query: upsertConsumptionQuery,
  bodyName: "ConsumptionBatchInput",
  body: batchBodySchema,
  statuses: [200],
  response: { name: "ConsumptionBatchResult", schema: consumptionBatchResultSchema },
  handle({ service, access, query, body }) {
    return writeItems(service, access, body.items, query.dryRun);
  },
});

/**
 * More than MAX_BATCH_ITEMS answers 413 before the items are parsed. A body of canonical items
 * (what imports send) skips the schema, which would accept it unchanged (batch-items.ts).
 */
export const consumptionBatchRoute: Route = {
  ...batchRoute,
  run(input, service, access, server) {
    tooMany(input.body);
    const items = canonicalItems(input.body, MAX_BATCH_ITEMS);
    if (items === undefined) return batchRoute.run(input, service, access, server);
    const query = parseQuery(upsertConsumptionQuery, input.query);
    if (access === undefined) throw new Error("the batch route ran without authentication");
    return writeItems(service, access, items, query.dryRun);
  },
};
