import { z } from "zod";
import { isoDateTimeSchema, noControlCharacters, uuidSchema } from "./common.js";
import { answerDateTimeSchema, answerIdSchema } from "./wire.js";

/**
 * Comments (docs/comments.md): a note on one record of a company, written by a user (the token's
 * e-mail on carbon serve, the OS user locally), never by the body.
 */
export const commentEntityTypes = [
  "company",
  "building",
  "consumption",
  "supplier",
  "custom-factor",
  "waste-operator",
  "glec-entry",
] as const;
export type CommentEntityType = (typeof commentEntityTypes)[number];

const ENTITY_TYPE_MESSAGE = `expected one of ${commentEntityTypes.join(", ")}`;

function isEntityType(value: string): value is CommentEntityType {
  return commentEntityTypes.some((type) => type === value);
}

/** One entity type, case ignored. */
export const commentEntityTypeSchema = z
  .string({ error: ENTITY_TYPE_MESSAGE })
  .transform((value, ctx): CommentEntityType => {
    const type = value.trim().toLowerCase();
    if (isEntityType(type)) return type;
    ctx.addIssue({ code: "custom", message: `${ENTITY_TYPE_MESSAGE}, got "${value}"` });
    return z.NEVER;
  });

export const COMMENT_MAX_LENGTH = 5000;

export const commentInputSchema = z.strictObject({
  id: uuidSchema,
  companyId: uuidSchema,
  entityType: commentEntityTypeSchema,
  entityId: uuidSchema,
  text: z
    .string({ error: "expected a text" })
    .trim()
    .check(noControlCharacters)
    .min(1, "expected a non-empty text")
    .max(COMMENT_MAX_LENGTH, `expected a text of at most ${COMMENT_MAX_LENGTH} characters`),
});
export type CommentInput = z.input<typeof commentInputSchema>;

/** A comment as carbon serve answers it (and documents it). */
export const commentSchema = z.object({
  id: uuidSchema,
  companyId: uuidSchema,
  entityType: z.enum(commentEntityTypes),
  entityId: uuidSchema,
  text: z.string(),
  author: z.string(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});

/**
 * A comment as any server of the interface answers it: id, company, entity and text needed; an
 * entity type this build does not know is kept as the server wrote it.
 */
const commentAnswerFields = z.object({
  id: answerIdSchema,
  companyId: answerIdSchema,
  entityType: z.string(),
  entityId: z.string(),
  text: z.string(),
  author: z.string().nullable().default(null),
  createdAt: answerDateTimeSchema.optional(),
  updatedAt: answerDateTimeSchema.optional(),
});
/** Unknown fields are kept, so `--json` prints what the server said. */
export const commentAnswerSchema = commentAnswerFields.loose();
export type Comment = z.output<typeof commentAnswerFields>;
