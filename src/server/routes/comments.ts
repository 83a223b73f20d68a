/**
 * Comments: `GET /comments` (the spec's) and `GET /comments/{id}` come from the descriptor
 * (src/core/resources/comments.ts); the upsert, below, writes the token's user as the author
 * and lets only the author or an admin change a comment.
 */
import { CarbonError } from "../../core/errors.js";
import { commentsResource } from "../../core/resources/comments.js";
import { type Access, findOrUndefined } from "../access.js";
import { noQuery } from "../input.js";
import { defineRoute, type Route, upserted } from "../route.js";

const { operations, summaries, schemaNames } = commentsResource;

/** Only a comment's author or an admin may change or delete it (403). */
export function authorOrAdmin(
  access: Access,
  comment: { readonly id: string; readonly author?: unknown },
  verb: "change" | "delete",
): void {
  if (comment.author === access.claims.email || access.claims.role === "admin") return;
  throw new CarbonError(
    "forbidden",
    `comment ${comment.id} was written by ${String(comment.author)}; only its author or an admin may ${verb} it`,
    verb === "change" ? { hint: "write a new comment (another id) instead" } : {},
  );
}

export const commentRoutes: readonly Route[] = [
  defineRoute({
    method: "POST",
    path: operations.upsert.path,
    summary: summaries.upsert,
    extension: !operations.upsert.spec,
    query: noQuery,
    body: commentsResource.input,
    bodyName: schemaNames.input,
    statuses: [201, 200],
    response: { name: schemaNames.record, schema: commentsResource.record },
    async handle({ service, access, body }) {
      access.company(body.companyId);
      const before = await findOrUndefined(() => service.comments.get(body.id));
      // A stored comment out of the token's scope is missing to it: its company is not told.
      if (before !== undefined) access.company(before.companyId);
      access.mayWriteAs("comments", commentsResource.writers);
      const author = access.claims.email;
      if (before !== undefined) authorOrAdmin(access, before, "change");
      return upserted(before === undefined, await service.comments.upsert(body, { author }));
    },
  }),
];
