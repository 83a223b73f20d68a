/** Tasks of reduction goals in SQLite: listed by due date, saved by id under a goal. */
import { notFound } from "../../core/errors.js";
import type { Page, PageQuery } from "../../core/model/common.js";
import type { Task } from "../../core/model/goal.js";
import { pageOf, pageWindow } from "../../core/pagination.js";
import type { TaskFilter } from "../../core/resources/tasks.js";
import type { Owned, TaskRecord, TaskTable } from "../../rules/store.js";
import { plainTask, taskOf } from "../stored-records.js";
import type { CompanyRepository } from "./companies.js";
import type { Db } from "./database.js";
import type { GoalRepository } from "./goals.js";
import type { Keyset, SqlValue } from "./keyset.js";
import { lazy } from "./lazy.js";

interface TaskRow {
  id: string;
  company_id: string;
  company_ref: number;
  goal_id: string;
  title: string;
  owner: string;
  due_date: string;
  status: string;
  expected_reduction_kg: number | null;
  created_at: string;
  updated_at: string;
}

const SELECT = `SELECT t.id, co.id AS company_id, t.company_ref, g.id AS goal_id, t.title,
  t.owner, t.due_date, t.status, t.expected_reduction_kg, t.created_at, t.updated_at
  FROM tasks t JOIN companies co ON co.ref = t.company_ref JOIN goals g ON g.ref = t.goal_ref`;

function fromRow(row: TaskRow): Owned<Task> {
  return taskOf(row);
}

function toTask(row: TaskRow): Task {
  return plainTask(row);
}

type UpsertParams = [
  string,
  number,
  number,
  string,
  string,
  string,
  string,
  number | null,
  string,
  string,
];

export class TaskRepository implements TaskTable {
  readonly #db: Db;
  readonly #companies: CompanyRepository;
  readonly #goals: GoalRepository;
  readonly #byId;
  readonly #upsert;

  constructor(db: Db, companies: CompanyRepository, goals: GoalRepository) {
    this.#db = db;
    this.#companies = companies;
    this.#goals = goals;
    this.#byId = lazy(() => db.prepare<[string], TaskRow>(`${SELECT} WHERE t.id = ?`));
    // created_at is kept on update; updated_at moves.
    this.#upsert = lazy(() =>
      db.prepare<UpsertParams>(
        `INSERT INTO tasks (id, company_ref, goal_ref, title, owner, due_date, status,
         expected_reduction_kg, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET
         goal_ref = excluded.goal_ref, title = excluded.title, owner = excluded.owner,
         due_date = excluded.due_date, status = excluded.status,
         expected_reduction_kg = excluded.expected_reduction_kg, updated_at = excluded.updated_at`,
      ),
    );
  }

  find(id: string): Owned<Task> | undefined {
    const row = this.#byId().get(id);
    return row === undefined ? undefined : fromRow(row);
  }

  findMany(ids: readonly string[]): Owned<Task>[] {
    return [...new Set(ids)].flatMap((id) => this.find(id) ?? []);
  }

  /** The filter as SQL: an unknown company or goal is not_found. */
  #where(filter: TaskFilter): { where: string[]; params: SqlValue[] } {
    const where: string[] = [];
    const params: SqlValue[] = [];
    if (filter.companyId !== undefined) {
      where.push("t.company_ref = ?");
      params.push(this.#companies.get(filter.companyId).ref);
    }
    if (filter.goalId !== undefined) {
      const goal = this.#goals.find(filter.goalId.trim().toLowerCase());
      if (goal === undefined) throw notFound("goal", filter.goalId);
      where.push("t.goal_ref = ?");
      params.push(goal.ref);
    }
    return { where, params };
  }

  /** One company's or goal's page, or every company's. */
  list(query: TaskFilter & PageQuery): Page<Task> {
    const window = pageWindow(query);
    const { where, params } = this.#where(query);
    const clause = where.length === 0 ? "" : ` WHERE ${where.join(" AND ")}`;
    const rows = this.#db
      .prepare<SqlValue[], TaskRow>(`${SELECT}${clause} ORDER BY t.due_date, t.id LIMIT ? OFFSET ?`)
      .all(...params, window.limit, window.offset);
    const total = this.#db
      .prepare<SqlValue[], number>(`SELECT count(*) FROM tasks t${clause}`)
      .pluck()
      .get(...params);
    return pageOf(rows.map(toTask), window, total ?? 0);
  }

  /** What `list` pages, for keyset pages (tasks_in_order, tasks_of_goal or tasks_by_due_date). */
  keyset(filter: TaskFilter): Keyset<TaskRow, Task> {
    const { where, params } = this.#where(filter);
    return {
      select: SELECT,
      where,
      params,
      order: ["t.due_date", "t.id"],
      key: (row) => [row.due_date, row.id],
      decode: toTask,
    };
  }

  /** Inserts or replaces by id (its goal too), keeping createdAt; `at` is the time of the write. */
  save(record: TaskRecord, at: string): void {
    this.#upsert().run(
      record.id,
      record.companyRef,
      record.goalRef,
      record.title,
      record.owner,
      record.dueDate,
      record.status,
      record.expectedReductionKg,
      at,
      at,
    );
  }
}
