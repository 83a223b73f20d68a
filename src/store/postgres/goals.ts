/** Reduction goals and their tasks in PostgreSQL: company tables, listed as SQLite lists them. */
import { notFound } from "../../core/errors.js";
import { isUuid } from "../../core/ids.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import type { Goal, Task } from "../../core/model/goal.js";
import type { GoalFilter } from "../../core/resources/goals.js";
import type { TaskFilter } from "../../core/resources/tasks.js";
import type {
  GoalRecord,
  GoalTable,
  Owned,
  StoredGoal,
  TaskRecord,
  TaskTable,
} from "../../rules/store.js";
import {
  type GoalColumns,
  goalOf,
  plainGoal,
  plainTask,
  type TaskColumns,
  taskOf,
} from "../stored-records.js";
import { CompanyListing, companyRefOf } from "./company-listing.js";
import type { Queryable } from "./transactions.js";
import { uuidsOf } from "./uuids.js";

const GOALS = `SELECT g.ref, g.id, co.id AS company_id, g.company_ref, g.name, g.base_year,
  g.target_year, g.scopes, g.reduction_percent, g.pathway, g.created_at, g.updated_at
  FROM goals g JOIN companies co ON co.ref = g.company_ref`;

export class PostgresGoals implements GoalTable {
  readonly #db: Queryable;
  readonly #listing: CompanyListing<GoalColumns, Goal>;

  constructor(db: Queryable) {
    this.#db = db;
    this.#listing = new CompanyListing(db, {
      select: GOALS,
      table: "goals",
      alias: "g",
      order: ["g.name", "g.id"],
      decode: plainGoal,
    });
  }

  async find(id: string): Promise<StoredGoal | undefined> {
    if (!isUuid(id)) return undefined;
    const row = (await this.#db.query<GoalColumns>(`${GOALS} WHERE g.id = $1`, [id])).rows[0];
    return row === undefined ? undefined : goalOf(row);
  }

  async findMany(ids: readonly string[]): Promise<StoredGoal[]> {
    const wanted = uuidsOf(ids);
    if (wanted.length === 0) return [];
    const found = await this.#db.query<GoalColumns>(`${GOALS} WHERE g.id = ANY($1::uuid[])`, [
      wanted,
    ]);
    return found.rows.map(goalOf);
  }

  list(query: GoalFilter & PageQuery): Promise<Page<Goal>> {
    return this.#listing.list(query);
  }

  async save(record: GoalRecord, at: string): Promise<void> {
    // created_at is kept on update; updated_at moves.
    await this.#db.query(
      `INSERT INTO goals (company_ref, id, name, base_year, target_year, scopes,
         reduction_percent, pathway, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
       ON CONFLICT (company_ref, id) DO UPDATE SET
         name = excluded.name, base_year = excluded.base_year,
         target_year = excluded.target_year, scopes = excluded.scopes,
         reduction_percent = excluded.reduction_percent, pathway = excluded.pathway,
         updated_at = excluded.updated_at`,
      [
        record.companyRef,
        record.id,
        record.name,
        record.baseYear,
        record.targetYear,
        JSON.stringify(record.scopes),
        record.reductionPercent,
        record.pathway,
        at,
      ],
    );
  }

  /** How many tasks each goal has, in the same order. */
  async taskCounts(ids: readonly string[]): Promise<number[]> {
    const wanted = uuidsOf(ids);
    const counts = new Map<string, number>();
    if (wanted.length > 0) {
      const found = await this.#db.query<{ id: string; count: string }>(
        `SELECT g.id, count(t.id) AS count FROM goals g
         LEFT JOIN tasks t ON t.company_ref = g.company_ref AND t.goal_ref = g.ref
         WHERE g.id = ANY($1::uuid[]) GROUP BY g.id`,
        [wanted],
      );
      for (const row of found.rows) counts.set(row.id, Number(row.count));
    }
    return ids.map((id) => counts.get(id) ?? 0);
  }
}

const TASKS = `SELECT t.id, co.id AS company_id, t.company_ref, g.id AS goal_id, t.title,
  t.owner, t.due_date, t.status, t.expected_reduction_kg, t.created_at, t.updated_at
  FROM tasks t JOIN companies co ON co.ref = t.company_ref
  JOIN goals g ON g.company_ref = t.company_ref AND g.ref = t.goal_ref`;

export class PostgresTasks implements TaskTable {
  readonly #db: Queryable;
  readonly #listing: CompanyListing<TaskColumns, Task>;

  constructor(db: Queryable) {
    this.#db = db;
    this.#listing = new CompanyListing(db, {
      select: TASKS,
      table: "tasks",
      alias: "t",
      order: ["t.due_date", "t.id"],
      decode: plainTask,
    });
  }

  async find(id: string): Promise<Owned<Task> | undefined> {
    if (!isUuid(id)) return undefined;
    const row = (await this.#db.query<TaskColumns>(`${TASKS} WHERE t.id = $1`, [id])).rows[0];
    return row === undefined ? undefined : taskOf(row);
  }

  async findMany(ids: readonly string[]): Promise<Owned<Task>[]> {
    const wanted = uuidsOf(ids);
    if (wanted.length === 0) return [];
    const found = await this.#db.query<TaskColumns>(`${TASKS} WHERE t.id = ANY($1::uuid[])`, [
      wanted,
    ]);
    return found.rows.map(taskOf);
  }

  /** One company's or goal's page, or every company's; an unknown company or goal is not_found. */
  async list(query: TaskFilter & PageQuery): Promise<Page<Task>> {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.companyId !== undefined) {
      params.push(await companyRefOf(this.#db, query.companyId));
      where.push(`t.company_ref = $${params.length}`);
    }
    if (query.goalId !== undefined) {
      const id = query.goalId.trim().toLowerCase();
      const goal = isUuid(id)
        ? (
            await this.#db.query<{ company_ref: string; ref: string }>(
              "SELECT company_ref, ref FROM goals WHERE id = $1",
              [id],
            )
          ).rows[0]
        : undefined;
      if (goal === undefined) throw notFound("goal", query.goalId);
      params.push(goal.company_ref, goal.ref);
      where.push(`t.company_ref = $${params.length - 1} AND t.goal_ref = $${params.length}`);
    }
    return this.#listing.page({ where, params }, query);
  }

  async save(record: TaskRecord, at: string): Promise<void> {
    // created_at is kept on update; updated_at moves.
    await this.#db.query(
      `INSERT INTO tasks (company_ref, id, goal_ref, title, owner, due_date, status,
         expected_reduction_kg, created_at, updated_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
       ON CONFLICT (company_ref, id) DO UPDATE SET
         goal_ref = excluded.goal_ref, title = excluded.title, owner = excluded.owner,
         due_date = excluded.due_date, status = excluded.status,
         expected_reduction_kg = excluded.expected_reduction_kg, updated_at = excluded.updated_at`,
      [
        record.companyRef,
        record.id,
        record.goalRef,
        record.title,
        record.owner,
        record.dueDate,
        record.status,
        record.expectedReductionKg,
        at,
      ],
    );
  }
}
