/**
 * The response shapes of carbon serve, named as in the OpenAPI document. Each comes from
 * src/core/model, where the remote engine's tolerant reading of the same answer sits beside it.
 */
import { z } from "zod";
import { isoDateTimeSchema, pageSchema } from "../core/model/common.js";
import {
  consumptionInputSchema,
  consumptionSchema,
  consumptionUpsertResultSchema,
} from "../core/model/consumption.js";
import { customFactorChangeSchema } from "../core/model/custom-factor-change.js";
import { deletionResultSchema } from "../core/model/deletion.js";
import {
  consumptionSummarySchema,
  emissionSchema,
  emissionSummarySchema,
} from "../core/model/emission.js";
import {
  customFactorInputSchema,
  customFactorSchema,
  emissionFactorSchema,
  factorResolutionSchema,
} from "../core/model/factor.js";
import { factorChangeSchema, factorReleaseSchema } from "../core/model/factor-release.js";
import { glecEntryInputSchema, glecEntrySchema, glecReceiptSchema } from "../core/model/glec.js";
import { whoAmISchema } from "../core/model/who-am-i.js";
import type { NamedSchema } from "./route.js";

function named(name: string, schema: z.ZodType): NamedSchema {
  return { name, schema };
}

/** `POST /consumptions` with `removedAt`: what was removed (our answer; the hosted one differs). */
export const removalResultSchema = deletionResultSchema.extend({ outcome: z.literal("removed") });

export const responses = {
  whoAmI: named("WhoAmI", whoAmISchema),
  health: named("Health", z.object({ status: z.literal("ok") })),
  openApi: named("OpenApiDocument", z.record(z.string(), z.unknown())),
  factors: named("EmissionFactorPage", pageSchema(emissionFactorSchema)),
  resolution: named("FactorResolution", factorResolutionSchema),
  factorReleases: named("FactorReleaseList", z.array(factorReleaseSchema)),
  factorChanges: named("FactorChangeList", z.array(factorChangeSchema)),
  customFactor: named("CustomFactor", customFactorSchema),
  customFactorChange: named("CustomFactorChange", customFactorChangeSchema),
  consumption: named("Consumption", consumptionSchema),
  consumptions: named("ConsumptionPage", pageSchema(consumptionSchema)),
  upsertOrRemoval: named(
    "ConsumptionUpsertResult",
    z.union([consumptionUpsertResultSchema, removalResultSchema]),
  ),
  consumptionSummary: named("ConsumptionSummary", consumptionSummarySchema),
  emissions: named("EmissionPage", pageSchema(emissionSchema)),
  emissionSummary: named("EmissionSummary", emissionSummarySchema),
  glecReceipt: named("GlecReceipt", glecReceiptSchema),
  glecEntry: named("GlecEntry", glecEntrySchema),
  glecEntries: named("GlecEntryPage", pageSchema(glecEntrySchema)),
};

export const bodies = {
  customFactor: { bodyName: "CustomFactorInput", body: customFactorInputSchema },
  /** `POST /consumptions`: the spec's body; `removedAt` set removes the consumption. */
  consumptionUpsert: {
    bodyName: "ConsumptionInput",
    body: consumptionInputSchema.safeExtend({
      removedAt: isoDateTimeSchema.nullable().optional().meta({
        description: "set: remove the consumption (and its emission) instead of storing it",
      }),
    }),
  },
  glecEntry: { bodyName: "GlecEntryInput", body: glecEntryInputSchema },
};
