/**
 * Comments: upserted by id, each on one record of its company, which it keeps (and keeps its
 * company); the author is the writer's, kept from the first write.
 */
import { CarbonError, notFound } from "../core/errors.js";
import {
  type Comment,
  type CommentEntityType,
  type CommentInput,
  commentInputSchema,
} from "../core/model/comment.js";
import type { Page, PageQuery } from "../core/model/common.js";
import { ownerConflict } from "../core/ownership.js";
import type { CommentFilter } from "../core/resources/comments.js";
import { parseInput } from "../core/validate.js";
import { companyOf } from "./companies.js";
import type { Owned, StoredCompany, StoreTransaction } from "./store.js";

/** The comment with this id, with its company's key; an unknown one is not_found. */
export async function findComment(tx: StoreTransaction, id: string): Promise<Owned<Comment>> {
  const found = await tx.comments.find(id.trim().toLowerCase());
  if (found === undefined) throw notFound("comment", id);
  return found;
}

export async function getComment(tx: StoreTransaction, id: string): Promise<Comment> {
  const { companyRef: _, ...comment } = await findComment(tx, id);
  return comment;
}

/** One company's page, one record's, or every company's; an unknown company is not_found. */
export async function listComments(
  tx: StoreTransaction,
  query: CommentFilter & PageQuery,
): Promise<Page<Comment>> {
  return tx.comments.list(query);
}

/** Not found unless the record exists and is the company's, named as the comment names it. */
async function checkEntity(
  tx: StoreTransaction,
  company: StoredCompany,
  type: CommentEntityType,
  id: string,
): Promise<void> {
  const owner = await tx.comments.entityCompany(type, id);
  if (owner === company.ref) return;
  throw new CarbonError("not_found", `${type} ${id} not found in company ${company.id}`, {
    hint: "comment on a record of the comment's company (its id and entity type)",
    issues: [{ path: "entityId", message: `no ${type} ${id} in company ${company.id}` }],
  });
}

/**
 * Upsert by id: the text changes, the rest stays. The company must exist and the record be
 * its (not_found); a comment keeps its company and its record (conflict). The author is the
 * caller's, kept from the first write.
 */
export async function upsertComment(
  tx: StoreTransaction,
  input: CommentInput,
  author: string,
): Promise<Comment> {
  const parsed = parseInput(commentInputSchema, input, "comment");
  const id = parsed.id.toLowerCase();
  const entityId = parsed.entityId.toLowerCase();
  const company = await companyOf(tx, parsed.companyId);
  const before = await tx.comments.find(id);
  if (before !== undefined && before.companyRef !== company.ref) {
    throw ownerConflict("comment", id, before.companyId, company.id);
  }
  if (
    before !== undefined &&
    (before.entityType !== parsed.entityType || before.entityId !== entityId)
  ) {
    throw new CarbonError(
      "conflict",
      `comment ${id} is on ${before.entityType} ${before.entityId}, not ${parsed.entityType} ${entityId}; a comment stays on its record`,
      {
        hint: "write a new comment (another id) on the other record",
        issues: [{ path: "entityId", message: `comment is on ${before.entityId}` }],
      },
    );
  }
  await checkEntity(tx, company, parsed.entityType, entityId);
  await tx.comments.save(
    {
      id,
      companyRef: company.ref,
      entityType: parsed.entityType,
      entityId,
      text: parsed.text,
      author,
    },
    new Date().toISOString(),
  );
  return getComment(tx, id);
}
