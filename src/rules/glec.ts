/**
 * GLEC service footprint entries (docs/glec.md): validated and calculated by the engine
 * (ISO 14083 legs), stored with each leg's action and calculation; an entry keeps its company.
 */
import { notFound } from "../core/errors.js";
import type { Page } from "../core/model/common.js";
import {
  type GlecCalculation,
  type GlecEntry,
  type GlecEntryInput,
  type GlecReceipt,
  glecEntryInputSchema,
  glecEntrySchema,
  glecLegResultSchema,
} from "../core/model/glec.js";
import { GLEC_OWNER_HINT, ownerConflict } from "../core/ownership.js";
import type { GlecQuery } from "../core/ports/glec.js";
import { parseInput } from "../core/validate.js";
import { calculateEntry, intensityOf, rfUpliftOf } from "../engine/glec/calculate.js";
import type { GlecFactorTable } from "../engine/glec/factors.js";
import { companyOf } from "./companies.js";
import type { StoredGlecEntry, StoreTransaction } from "./store.js";

/** A stored entry as the port answers it: its legs' calculations read back, its totals derived. */
export function glecEntryOf(stored: StoredGlecEntry): GlecEntry {
  const emissions = { ttw: stored.ttw, wtt: stored.wtt, wtw: stored.wtw };
  // Legs stored before the allocation and RF fields read as null for them.
  const results = stored.legs.map((leg) => glecLegResultSchema.parse(leg.result));
  return glecEntrySchema.parse({
    id: stored.id,
    clientId: stored.clientId,
    startDate: stored.startDate,
    endDate: stored.endDate,
    actions: stored.legs.map((leg) => leg.action),
    companyId: stored.companyId,
    externalId: stored.externalId,
    from: stored.from,
    to: stored.to,
    calculation: {
      legs: results,
      tonneKm: stored.tonneKm,
      emissions,
      intensity: intensityOf(emissions, stored.tonneKm),
      rfUplift: rfUpliftOf(results),
    },
    createdAt: stored.createdAt,
    updatedAt: stored.updatedAt,
  });
}

export async function getGlecEntry(tx: StoreTransaction, id: string): Promise<GlecEntry> {
  const stored = await tx.glec.find(id.trim().toLowerCase());
  if (stored === undefined) throw notFound("GLEC entry", id);
  return glecEntryOf(stored);
}

export async function listGlecEntries(
  tx: StoreTransaction,
  query: GlecQuery,
): Promise<Page<GlecEntry>> {
  const page = await tx.glec.list(query);
  return { ...page, data: page.data.map(glecEntryOf) };
}

/** Validates and calculates an entry as `submit` does; reads and stores nothing. */
export function calculateGlecEntry(
  input: GlecEntryInput,
  factors: GlecFactorTable,
): GlecCalculation {
  return calculateEntry(parseInput(glecEntryInputSchema, input, "GLEC entry"), factors);
}

/**
 * Validates, calculates and stores an entry; the same id replaces the entry (its legs
 * rewritten). The company must exist; an entry keeps its company (conflict otherwise).
 */
export async function submitGlecEntry(
  tx: StoreTransaction,
  input: GlecEntryInput,
  factors: GlecFactorTable,
): Promise<GlecReceipt> {
  const entry = parseInput(glecEntryInputSchema, input, "GLEC entry");
  const calculation = calculateEntry(entry, factors);
  const id = entry.id.toLowerCase();
  const company = await companyOf(tx, entry.companyId);
  const before = await tx.glec.find(id);
  if (before !== undefined && before.companyRef !== company.ref) {
    throw ownerConflict("GLEC entry", id, before.companyId, company.id, GLEC_OWNER_HINT);
  }
  await tx.glec.save(
    {
      id,
      companyRef: company.ref,
      clientId: entry.clientId === null ? null : entry.clientId.toLowerCase(),
      startDate: entry.startDate,
      endDate: entry.endDate,
      externalId: entry.externalId,
      from: entry.from,
      to: entry.to,
      tonneKm: calculation.tonneKm,
      ttw: calculation.emissions.ttw,
      wtt: calculation.emissions.wtt,
      wtw: calculation.emissions.wtw,
      legs: calculation.legs.map((leg, position) => {
        const action = entry.actions[position];
        return {
          actionId: leg.actionId,
          method: leg.method,
          tonneKm: leg.tonneKm,
          ttw: leg.emissions.ttw,
          wtt: leg.emissions.wtt,
          wtw: leg.emissions.wtw,
          action: {
            ...action,
            id: leg.actionId,
            vehicleId: action?.vehicleId?.toLowerCase() ?? null,
          },
          result: leg,
        };
      }),
    },
    new Date().toISOString(),
  );
  return { message: before === undefined ? "GLEC entry created" : "GLEC entry replaced", id };
}

/** Deletes an entry (unknown: not_found); answers it as it was, for the audit record. */
export async function deleteGlecEntry(
  tx: StoreTransaction,
  id: string,
): Promise<{ readonly receipt: GlecReceipt; readonly entry: GlecEntry }> {
  const entry = await getGlecEntry(tx, id);
  await tx.glec.delete(entry.id);
  return { receipt: { message: "GLEC entry deleted", id: entry.id }, entry };
}
