/** Comments in SQLite: listed oldest first, upserted by id, each on a record of its company. */
import type Database from "better-sqlite3";
import { CarbonError, notFound } from "../../core/errors.js";
import {
  type Comment,
  type CommentEntityType,
  type CommentInput,
  commentEntityTypes,
  commentInputSchema,
} from "../../core/model/comment.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import { ownerConflict } from "../../core/ownership.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import type { CommentFilter } from "../../core/resources/comments.js";
import { parseInput } from "../../core/validate.js";
import type { CompanyRepository } from "../../store/sqlite/companies.js";
import type { Db } from "../../store/sqlite/database.js";
import type { Keyset, SqlValue } from "../../store/sqlite/keyset.js";
import { lazy } from "../../store/sqlite/lazy.js";

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

/** Where each entity type is stored, and the company column that owns it. */
const ENTITY_TABLES: Readonly<Record<CommentEntityType, { table: string; company: string }>> = {
  company: { table: "companies", company: "ref" },
  building: { table: "buildings", company: "company_ref" },
  consumption: { table: "consumptions", company: "company_ref" },
  supplier: { table: "suppliers", company: "company_ref" },
  "custom-factor": { table: "custom_factors", company: "company_ref" },
  "waste-operator": { table: "waste_operators", company: "company_ref" },
  "glec-entry": { table: "glec_entries", company: "company_ref" },
};

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

function fromRow(row: CommentRow): Comment {
  return {
    id: row.id,
    companyId: row.company_id,
    entityType: row.entity_type,
    entityId: row.entity_id,
    text: row.text,
    author: row.author,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
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

export class CommentRepository {
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
        const { table, company } = ENTITY_TABLES[type];
        const statement = lazy(() =>
          db.prepare<[string], number>(`SELECT ${company} FROM ${table} WHERE id = ?`).pluck(),
        );
        return [type, statement] as const;
      }),
    );
  }

  get(id: string): Comment {
    const row = this.#byId().get(id.trim().toLowerCase());
    if (row === undefined) throw notFound("comment", id);
    return fromRow(row);
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
    return pageOf(rows.map(fromRow), window, count.get(...params) ?? 0);
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
      decode: fromRow,
    };
  }

  /** Not found unless the record exists and is the company's, named as the comment names it. */
  #checkEntity(companyRef: number, companyId: string, type: CommentEntityType, id: string): void {
    const owner = this.#entityCompany.get(type)?.().get(id);
    if (owner === companyRef) return;
    throw new CarbonError("not_found", `${type} ${id} not found in company ${companyId}`, {
      hint: "comment on a record of the comment's company (its id and entity type)",
      issues: [{ path: "entityId", message: `no ${type} ${id} in company ${companyId}` }],
    });
  }

  /**
   * Upsert by id: the text changes, the rest stays. The company must exist and the record be
   * its (not_found); a comment keeps its company and its record (conflict). The author is the
   * caller's, kept from the first write.
   */
  upsert(input: CommentInput, author: string): Comment {
    const parsed = parseInput(commentInputSchema, input, "comment");
    const id = parsed.id.toLowerCase();
    const entityId = parsed.entityId.toLowerCase();
    const company = this.#companies.get(parsed.companyId);
    const before = this.#byId().get(id);
    if (before !== undefined && before.company_ref !== company.ref) {
      throw ownerConflict("comment", id, before.company_id, company.id);
    }
    if (
      before !== undefined &&
      (before.entity_type !== parsed.entityType || before.entity_id !== entityId)
    ) {
      throw new CarbonError(
        "conflict",
        `comment ${id} is on ${before.entity_type} ${before.entity_id}, not ${parsed.entityType} ${entityId}; a comment stays on its record`,
        {
          hint: "write a new comment (another id) on the other record",
          issues: [{ path: "entityId", message: `comment is on ${before.entity_id}` }],
        },
      );
    }
    this.#checkEntity(company.ref, company.id, parsed.entityType, entityId);
    const now = new Date().toISOString();
    this.#upsert().run(id, company.ref, parsed.entityType, entityId, parsed.text, author, now, now);
    return this.get(id);
  }
}
