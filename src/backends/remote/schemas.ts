/**
 * What the remote engine reads that only a client needs. The answers of the interface are read
 * with the tolerant schemas of src/core/model (each `...AnswerSchema` beside the schema carbon
 * serve answers with), so server and client describe them in one place.
 */
import { z } from "zod";

export {
  consumptionBatchResultSchema as consumptionBatchSchema,
  consumptionUpsertAnswerSchema as consumptionUpsertSchema,
} from "../../core/model/consumption.js";

/**
 * `POST /auth/who-am-i` read for the instance id a server may announce (carbon serve does); an
 * answer of any other shape announces none.
 */
export const announcedInstanceSchema = z
  .object({ instanceId: z.string().min(1).optional().catch(undefined) })
  .catch({});

/** An answer whose body does not matter, only that it is a success. */
export const anyAnswerSchema = z.unknown();
