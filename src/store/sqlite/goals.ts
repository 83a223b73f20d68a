/** Reduction goals in SQLite: listed in name order, saved by id; migration 14 adds tasks too. */
import type { Page, PageQuery } from "../../core/model/common.js";
import type { Goal } from "../../core/model/goal.js";
import type { GoalFilter } from "../../core/resources/goals.js";
import type { GoalRecord, GoalTable, StoredGoal } from "../../rules/store.js";
import { goalOf, plainGoal } from "../stored-records.js";
import type { CompanyRepository } from "./companies.js";
import { CompanyListing } from "./company-listing.js";
import type { Db } from "./database.js";
import type { Keyset } from "./keyset.js";
import { lazy } from "./lazy.js";

/**
 * Migration 14: goals and their tasks, each with indexes in list order (of a company, and of
 * every company); a task points at its goal, and a goal's tasks are listed by due date.
 */
export const GOALS_SCHEMA = `
CREATE TABLE goals (
  ref INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  company_ref INTEGER NOT NULL REFERENCES companies (ref),
  name TEXT NOT NULL,
  base_year INTEGER NOT NULL,
  target_year INTEGER NOT NULL CHECK (target_year > base_year),
  scopes TEXT NOT NULL CHECK (json_valid(scopes) AND json_array_length(scopes) > 0),
  reduction_percent REAL NOT NULL CHECK (reduction_percent > 0 AND reduction_percent <= 100),
  pathway TEXT CHECK (pathway IN ('linear')),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX goals_in_order ON goals (company_ref, name, id);
CREATE INDEX goals_by_name ON goals (name, id);
CREATE TABLE tasks (
  ref INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  company_ref INTEGER NOT NULL REFERENCES companies (ref),
  goal_ref INTEGER NOT NULL REFERENCES goals (ref),
  title TEXT NOT NULL,
  owner TEXT NOT NULL,
  due_date TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('todo', 'in_progress', 'done', 'cancelled')),
  expected_reduction_kg REAL CHECK (expected_reduction_kg >= 0),
  created_at TEXT NOT NULL,
  updated_at TEXT NOT NULL
);
CREATE INDEX tasks_in_order ON tasks (company_ref, due_date, id);
CREATE INDEX tasks_of_goal ON tasks (goal_ref, due_date, id);
CREATE INDEX tasks_by_due_date ON tasks (due_date, id);
`;

interface GoalRow {
  ref: number;
  id: string;
  company_id: string;
  company_ref: number;
  name: string;
  base_year: number;
  target_year: number;
  scopes: string;
  reduction_percent: number;
  pathway: string | null;
  created_at: string;
  updated_at: string;
}

const SELECT = `SELECT g.ref, g.id, co.id AS company_id, g.company_ref, g.name, g.base_year,
  g.target_year, g.scopes, g.reduction_percent, g.pathway, g.created_at, g.updated_at
  FROM goals g JOIN companies co ON co.ref = g.company_ref`;

function fromRow(row: GoalRow): StoredGoal {
  return goalOf({ ...row, scopes: JSON.parse(row.scopes) });
}

function toGoal(row: GoalRow): Goal {
  return plainGoal({ ...row, scopes: JSON.parse(row.scopes) });
}

type UpsertParams = [
  string,
  number,
  string,
  number,
  number,
  string,
  number,
  string | null,
  string,
  string,
];

export class GoalRepository implements GoalTable {
  readonly #byId;
  readonly #listing: CompanyListing<GoalRow, Goal>;
  readonly #upsert;
  readonly #taskCount;

  constructor(db: Db, companies: CompanyRepository) {
    this.#byId = lazy(() => db.prepare<[string], GoalRow>(`${SELECT} WHERE g.id = ?`));
    this.#taskCount = lazy(() =>
      db
        .prepare<[string], number>(
          "SELECT count(*) FROM tasks WHERE goal_ref = (SELECT ref FROM goals WHERE id = ?)",
        )
        .pluck(),
    );
    this.#listing = new CompanyListing(db, companies, {
      select: SELECT,
      table: "goals",
      alias: "g",
      order: ["name", "id"],
      key: (row) => [row.name, row.id],
      decode: toGoal,
    });
    // created_at is kept on update; updated_at moves.
    this.#upsert = lazy(() =>
      db.prepare<UpsertParams>(
        `INSERT INTO goals (id, company_ref, name, base_year, target_year, scopes,
         reduction_percent, pathway, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET
         name = excluded.name, base_year = excluded.base_year,
         target_year = excluded.target_year, scopes = excluded.scopes,
         reduction_percent = excluded.reduction_percent, pathway = excluded.pathway,
         updated_at = excluded.updated_at`,
      ),
    );
  }

  find(id: string): StoredGoal | undefined {
    const row = this.#byId().get(id);
    return row === undefined ? undefined : fromRow(row);
  }

  findMany(ids: readonly string[]): StoredGoal[] {
    return [...new Set(ids)].flatMap((id) => this.find(id) ?? []);
  }

  taskCounts(ids: readonly string[]): number[] {
    return ids.map((id) => this.#taskCount().get(id) ?? 0);
  }

  /** One company's page, or every company's; an unknown company is not_found. */
  list(query: GoalFilter & PageQuery): Page<Goal> {
    return this.#listing.list(query);
  }

  /** What `list` pages, for keyset pages (goals_in_order or goals_by_name). */
  keyset(filter: GoalFilter): Keyset<GoalRow, Goal> {
    return this.#listing.keyset(filter);
  }

  save(record: GoalRecord, at: string): void {
    this.#upsert().run(
      record.id,
      record.companyRef,
      record.name,
      record.baseYear,
      record.targetYear,
      JSON.stringify(record.scopes),
      record.reductionPercent,
      record.pathway,
      at,
      at,
    );
  }
}
