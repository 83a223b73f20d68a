/**
 * Values both stores keep as JSON (SQLite as text, PostgreSQL as jsonb), read back the same way.
 * The columns hold only what the stores wrote from parsed input, so nothing is dropped in
 * practice; anything else reads as empty rather than failing a whole listing.
 */
import { z } from "zod";
import type { LimitMember } from "../core/model/organization-limit.js";

/** A JSON array read back: the entries `keep` accepts. */
export function listOf<T>(value: unknown, keep: (entry: unknown) => entry is T): T[] {
  return Array.isArray(value) ? value.filter(keep) : [];
}

/** An organization limit's members, read back with their schema. */
const storedMembers = z.array(
  z.object({
    companyId: z
      .string()
      .nullish()
      .transform((v) => v ?? null),
    buildingId: z
      .string()
      .nullish()
      .transform((v) => v ?? null),
    sharePercent: z.number(),
  }),
);

export function limitMembersOf(value: unknown): LimitMember[] {
  return storedMembers.parse(value);
}
