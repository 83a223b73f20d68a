import { z } from "zod";
import { uuidSchema } from "./common.js";

/** The largest number of buildings one move request may name. */
export const MAX_MOVE_BUILDINGS = 500;

/**
 * `POST /api/v1/buildings/move`: the spec's payload. The same id twice is a validation error
 * (naming both positions), not something to guess about.
 */
export const buildingMoveInputSchema = z
  .strictObject({
    buildingIds: z
      .array(uuidSchema)
      .min(1, "expected at least one building id")
      .max(MAX_MOVE_BUILDINGS, `expected at most ${MAX_MOVE_BUILDINGS} building ids`),
    companyId: uuidSchema,
  })
  .superRefine((input, ctx) => {
    const first = new Map<string, number>();
    input.buildingIds.forEach((id, index) => {
      const key = id.toLowerCase();
      const seen = first.get(key);
      if (seen === undefined) {
        first.set(key, index);
        return;
      }
      ctx.addIssue({
        code: "custom",
        path: ["buildingIds", index],
        message: `duplicate building id ${key} (also at buildingIds.${seen})`,
      });
    });
  });
export type BuildingMoveInput = z.input<typeof buildingMoveInputSchema>;

/** The records that travel with one building, and its footprint before and after the move. */
export const buildingMoveItemSchema = z.object({
  buildingId: uuidSchema,
  name: z.string(),
  fromCompanyId: uuidSchema,
  /** `move`: it moves (or moved); `unchanged`: it already belongs to the target company. */
  action: z.enum(["move", "unchanged"]),
  consumptions: z.number().int().min(0),
  /** Emissions with a calculated figure (one per consumption). */
  emissions: z.number().int().min(0),
  /** Emissions still waiting for a factor (the other consumptions). */
  awaitingFactor: z.number().int().min(0),
  /** kgCO2e (location-based) of the building's emissions under its current company. */
  co2eBefore: z.number(),
  /**
   * kgCO2e after recalculation under the target company (its custom factors and country); null
   * when not calculated: a dry run the client planned against a server that does not run one.
   */
  co2eAfter: z.number().nullable(),
});
export type BuildingMoveItem = z.infer<typeof buildingMoveItemSchema>;

/** What a move did (or, as a dry run, would do). */
export const buildingMoveResultSchema = z.object({
  /** The target company. */
  companyId: uuidSchema,
  companyName: z.string(),
  dryRun: z.boolean(),
  /** Groups the audit records of this move; null for a dry run or when nothing moved. */
  moveId: uuidSchema.nullable(),
  /** In request order. */
  buildings: z.array(buildingMoveItemSchema),
  totals: z.object({
    moved: z.number().int().min(0),
    unchanged: z.number().int().min(0),
    consumptions: z.number().int().min(0),
    emissions: z.number().int().min(0),
    awaitingFactor: z.number().int().min(0),
  }),
});
export type BuildingMoveResult = z.infer<typeof buildingMoveResultSchema>;
