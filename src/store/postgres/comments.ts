/** Comments on a company's records in PostgreSQL: a company table, listed oldest first. */

import { isUuid } from "../../core/ids.js";
import type { Comment, CommentEntityType } from "../../core/model/comment.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import type { CommentFilter } from "../../core/resources/comments.js";
import type { CommentRecord, CommentTable, Owned } from "../../rules/store.js";
import {
  COMMENT_ENTITY_TABLES,
  type CommentColumns,
  commentOf,
  plainComment,
} from "../stored-records.js";
import { CompanyListing } from "./company-listing.js";
import type { Queryable } from "./transactions.js";
import { uuidsOf } from "./uuids.js";

const SELECT = `SELECT c.id, co.id AS company_id, c.company_ref, c.entity_type, c.entity_id,
  c.text, c.author, c.created_at, c.updated_at
  FROM comments c JOIN companies co ON co.ref = c.company_ref`;

export class PostgresComments implements CommentTable {
  readonly #db: Queryable;
  readonly #listing: CompanyListing<CommentColumns, Comment>;

  constructor(db: Queryable) {
    this.#db = db;
    this.#listing = new CompanyListing(db, {
      select: SELECT,
      table: "comments",
      alias: "c",
      order: ["c.created_at", "c.id"],
      decode: plainComment,
    });
  }

  async find(id: string): Promise<Owned<Comment> | undefined> {
    if (!isUuid(id)) return undefined;
    const row = (await this.#db.query<CommentColumns>(`${SELECT} WHERE c.id = $1`, [id])).rows[0];
    return row === undefined ? undefined : commentOf(row);
  }

  async findMany(ids: readonly string[]): Promise<Owned<Comment>[]> {
    const wanted = uuidsOf(ids);
    if (wanted.length === 0) return [];
    const found = await this.#db.query<CommentColumns>(`${SELECT} WHERE c.id = ANY($1::uuid[])`, [
      wanted,
    ]);
    return found.rows.map(commentOf);
  }

  /** One company's page, one record's, or every company's; an unknown company is not_found. */
  async list(query: CommentFilter & PageQuery): Promise<Page<Comment>> {
    const { where, params } = await this.#listing.conditions(query);
    if (query.entityType !== undefined) {
      params.push(query.entityType);
      where.push(`c.entity_type = $${params.length}`);
    }
    if (query.entityId !== undefined) {
      params.push(query.entityId.toLowerCase());
      where.push(`c.entity_id = $${params.length}`);
    }
    return this.#listing.page({ where, params }, query);
  }

  async entityCompany(type: CommentEntityType, id: string): Promise<number | undefined> {
    if (!isUuid(id)) return undefined;
    const { table, company } = COMMENT_ENTITY_TABLES[type];
    const found = await this.#db.query<{ ref: string }>(
      `SELECT ${company} AS ref FROM ${table} WHERE id = $1`,
      [id],
    );
    const ref = found.rows[0]?.ref;
    return ref === undefined ? undefined : Number(ref);
  }

  async save(record: CommentRecord, at: string): Promise<void> {
    // created_at and author are kept on update; text and updated_at move.
    await this.#db.query(
      `INSERT INTO comments (company_ref, id, entity_type, entity_id, text, author, created_at,
         updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
       ON CONFLICT (company_ref, id) DO UPDATE SET text = excluded.text,
         updated_at = excluded.updated_at`,
      [
        record.companyRef,
        record.id,
        record.entityType,
        record.entityId,
        record.text,
        record.author,
        at,
      ],
    );
  }
}
