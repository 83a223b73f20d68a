/** Comments in SQLite: listed oldest first, saved by id, each on a record of its company. */
import type Database from "better-sqlite3";
import {
  type Comment,
  type CommentEntityType,
  commentEntityTypes,
} from "../../core/model/comment.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import type { CommentFilter } from "../../core/resources/comments.js";
import type { CommentRecord, CommentTable, Owned } from "../../rules/store.js";
import { COMMENT_ENTITY_TABLES, commentOf, plainComment } from "../stored-records.js";
import type { CompanyRepository } from "./companies.js";
import type { Db } from "./database.js";
import type { Keyset, SqlValue } from "./keyset.js";
import { lazy } from "./lazy.js";

/**
 * Migration 13: the table and its indexes in list order (of a company, of one record, and of
 * every company). The entity is kept by type and id, not by reference: it may be any table's.
 */
export const COMMENTS_SCHEMA = `
CREATE TABLE comments (
  ref INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  company_ref INTEGER NOT NULL REFERENCES companies (ref),
  entity_type TEXT NOT NULL,
  entity_id TEXT NOT NULL,
  text TEXT NOT NULL,
  author TEXT NOT NULL,
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX comments_in_order ON comments (company_ref, created_at, id);
CREATE INDEX comments_of_entity ON comments (entity_type, entity_id, created_at, id);
CREATE INDEX comments_by_date ON comments (created_at, id);
`;

interface CommentRow {
  id: string;
  company_id: string;
  company_ref: number;
  entity_type: string;
  entity_id: string;
  text: string;
  author: string;
  created_at: string;
  updated_at: string;
}

const SELECT = `SELECT c.id, co.id AS company_id, c.company_ref, c.entity_type, c.entity_id,
  c.text, c.author, c.created_at, c.updated_at
  FROM comments c JOIN companies co ON co.ref = c.company_ref`;

function fromRow(row: CommentRow): Owned<Comment> {
  return commentOf(row);
}

function toComment(row: CommentRow): Comment {
  return plainComment(row);
}

/** The WHERE clauses and parameters of a filter (the company already looked up). */
function conditions(filter: CommentFilter, companyRef: number | undefined) {
  const where: string[] = [];
  const params: SqlValue[] = [];
  if (companyRef !== undefined) {
    where.push("c.company_ref = ?");
    params.push(companyRef);
  }
  if (filter.entityType !== undefined) {
    where.push("c.entity_type = ?");
    params.push(filter.entityType);
  }
  if (filter.entityId !== undefined) {
    where.push("c.entity_id = ?");
    params.push(filter.entityId.toLowerCase());
  }
  return { where, params };
}

interface ListStatements {
  readonly page: Database.Statement<SqlValue[], CommentRow>;
  readonly count: Database.Statement<SqlValue[], number>;
}

type UpsertParams = [string, number, string, string, string, string, string, string];

export class CommentRepository implements CommentTable {
  readonly #db: Db;
  readonly #companies: CompanyRepository;
  readonly #byId;
  readonly #upsert;
  /** A list's statements by their WHERE clause, prepared once each. */
  readonly #lists = new Map<string, ListStatements>();
  readonly #entityCompany;

  constructor(db: Db, companies: CompanyRepository) {
    this.#db = db;
    this.#companies = companies;
    this.#byId = lazy(() => db.prepare<[string], CommentRow>(`${SELECT} WHERE c.id = ?`));
    // created_at and author are kept on update; text and updated_at move.
    this.#upsert = lazy(() =>
      db.prepare<UpsertParams>(
        `INSERT INTO comments (id, company_ref, entity_type, entity_id, text, author, created_at,
         updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET text = excluded.text, updated_at = excluded.updated_at`,
      ),
    );
    this.#entityCompany = new Map(
      commentEntityTypes.map((type) => {
        const { table, company } = COMMENT_ENTITY_TABLES[type];
        const statement = lazy(() =>
          db.prepare<[string], number>(`SELECT ${company} FROM ${table} WHERE id = ?`).pluck(),
        );
        return [type, statement] as const;
      }),
    );
  }

  find(id: string): Owned<Comment> | undefined {
    const row = this.#byId().get(id);
    return row === undefined ? undefined : fromRow(row);
  }

  findMany(ids: readonly string[]): Owned<Comment>[] {
    return [...new Set(ids)].flatMap((id) => this.find(id) ?? []);
  }

  /** One company's page, one record's, or every company's; an unknown company is not_found. */
  list(query: CommentFilter & PageQuery): Page<Comment> {
    const window = pageWindow(query);
    const company =
      query.companyId === undefined ? undefined : this.#companies.get(query.companyId);
    const { where, params } = conditions(query, company?.ref);
    const clause = where.length === 0 ? "" : ` WHERE ${where.join(" AND ")}`;
    const { page, count } = this.#listStatements(clause);
    const rows = page.all(...params, window.limit, window.offset);
    return pageOf(rows.map(toComment), window, count.get(...params) ?? 0);
  }

  #listStatements(clause: string): ListStatements {
    let found = this.#lists.get(clause);
    if (found === undefined) {
      found = {
        page: this.#db.prepare<SqlValue[], CommentRow>(
          `${SELECT}${clause} ORDER BY c.created_at, c.id LIMIT ? OFFSET ?`,
        ),
        count: this.#db
          .prepare<SqlValue[], number>(`SELECT count(*) FROM comments c${clause}`)
          .pluck(),
      };
      this.#lists.set(clause, found);
    }
    return found;
  }

  /** What `list` pages, for keyset pages (on the indexes of migration 13). */
  keyset(filter: CommentFilter): Keyset<CommentRow, Comment> {
    const company =
      filter.companyId === undefined ? undefined : this.#companies.get(filter.companyId);
    const { where, params } = conditions(filter, company?.ref);
    return {
      select: SELECT,
      where,
      params,
      order: ["c.created_at", "c.id"],
      key: (row) => [row.created_at, row.id],
      decode: toComment,
    };
  }

  /** The key of the company that owns the record of this type and id; undefined when none is. */
  entityCompany(type: CommentEntityType, id: string): number | undefined {
    return this.#entityCompany.get(type)?.().get(id);
  }

  /** Inserts by id, or replaces the text of the comment with that id (its author is kept). */
  save(record: CommentRecord, at: string): void {
    this.#upsert().run(
      record.id,
      record.companyRef,
      record.entityType,
      record.entityId,
      record.text,
      record.author,
      at,
      at,
    );
  }
}
