/**
 * Comments as a plain resource (docs/comments.md). The spec has the listing alone
 * (`GET /comments`); the get by id and the upsert are extensions. The upsert's route is the
 * resource's own (src/server/routes/comments.ts): it sets the author from the token.
 */
import { z } from "zod";
import {
  type Comment,
  type CommentEntityType,
  type CommentInput,
  commentAnswerSchema,
  commentEntityTypeSchema,
  commentInputSchema,
  commentSchema,
} from "../model/comment.js";
import { uuidSchema } from "../model/common.js";
import type { ResourceDescriptor } from "../resource.js";
import { companyOwned, oneUuid, oneValue } from "./fields.js";

/** Without a company: every company the token sees; with an entity: that record's comments. */
export interface CommentFilter {
  readonly companyId?: string;
  readonly entityType?: CommentEntityType;
  readonly entityId?: string;
}

export const commentsResource: ResourceDescriptor<Comment, CommentInput, CommentFilter> = {
  name: "comments",
  singular: "comment",
  record: commentSchema,
  // What a remote answer needs (a server of the spec may answer fewer fields); unknown fields kept.
  answer: commentAnswerSchema,
  input: commentInputSchema,
  schemaNames: { record: "Comment", input: "CommentInput" },
  filter: z.strictObject({
    companyId: uuidSchema.optional(),
    entityType: commentEntityTypeSchema.optional(),
    entityId: uuidSchema.optional(),
  }),
  filterFields: {
    companyId: oneUuid.optional(),
    entityType: oneValue.trim().pipe(commentEntityTypeSchema).optional(),
    entityId: oneUuid.optional(),
  },
  listQuery: (filter) => ({
    companyId: filter.companyId,
    entityType: filter.entityType,
    entityId: filter.entityId,
  }),
  // Oldest first: a thread reads from its first comment, and a new one lands on the last page.
  order: [
    { name: "createdAt", value: (record) => record.createdAt ?? "" },
    { name: "id", value: (record) => record.id },
  ],
  ...companyOwned<Comment, CommentInput, CommentFilter>(),
  // The spec's listing without a company holds every comment the token sees: a get reads it.
  everything: {},
  writers: ["admin", "member"],
  operations: {
    list: { path: "/comments", spec: true },
    get: { path: "/comments/{id}", spec: false },
    upsert: { path: "/comments", spec: false },
  },
  // The author comes from the token, not the body: routes/comments.ts.
  ownRoutes: ["upsert"],
  summaries: {
    list: "List comments, of one company, of one record (entityType and entityId) or of every company the token sees",
    get: "Get one comment",
    upsert: "Create or update a comment by its id; the author is the token's user (member, admin)",
  },
};

declare module "../resource-types.js" {
  interface ResourceTypes {
    readonly comments: {
      readonly record: Comment;
      readonly input: CommentInput;
      readonly filter: CommentFilter;
    };
  }
}
