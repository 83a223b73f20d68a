/**
 * carbon serve's goals and tasks: the spec's listings, our writes and gets as extensions, who
 * may write, what a scoped token lists and reads, the router keeping `/goals/tasks` apart from
 * `/goals/{id}`, and the progress route.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  COMPANY_A,
  COMPANY_B,
  field,
  problemOf,
  seedTwoCompanies,
  startTestServer,
  type TestServer,
} from "./helpers.js";

const GOAL_A = "f4000000-0000-4000-8000-00000000000a";
const GOAL_B = "f4000000-0000-4000-8000-00000000000b";
const GOAL_NEW = "f4000000-0000-4000-8000-00000000000c";
const TASK_A = "f5000000-0000-4000-8000-00000000000a";
const TASK_NEW = "f5000000-0000-4000-8000-00000000000c";

const goalBody = (id: string, companyId: string) => ({
  id,
  companyId,
  name: "Halve scope 1",
  baseYear: 2020,
  targetYear: 2030,
  scopes: [1],
  reductionPercent: 50,
  pathway: "linear",
});

describe("goals and tasks over HTTP", () => {
  let server: TestServer;
  let admin: string;

  beforeAll(async () => {
    server = await startTestServer();
    await seedTwoCompanies(server.service);
    admin = await server.token("admin");
    for (const [id, companyId] of [
      [GOAL_A, COMPANY_A],
      [GOAL_B, COMPANY_B],
    ] as const) {
      const created = await server.call("POST", "/api/v1/goals", {
        token: admin,
        body: goalBody(id, companyId),
      });
      expect(created.status, created.text).toBe(201);
    }
    const task = await server.call("POST", "/api/v1/goals/tasks", {
      token: admin,
      body: {
        id: TASK_A,
        companyId: COMPANY_A,
        goalId: GOAL_A,
        title: "Heat pumps",
        owner: "Facilities",
        dueDate: "2026-06-30",
        status: "todo",
      },
    });
    expect(task.status, task.text).toBe(201);
  });
  afterAll(async () => {
    await server.close();
  });

  it("GET /goals/tasks is the tasks' listing, not the goal with id 'tasks'", async () => {
    const listed = await server.call("GET", "/api/v1/goals/tasks", { token: admin });
    expect(listed.status).toBe(200);
    expect(field(listed, "data", 0, "id")).toBe(TASK_A);
    const goal = await server.call("GET", `/api/v1/goals/${GOAL_A}`, { token: admin });
    expect(field(goal, "id")).toBe(GOAL_A);
    const task = await server.call("GET", `/api/v1/goals/tasks/${TASK_A}`, { token: admin });
    expect(field(task, "goalId")).toBe(GOAL_A);
  });

  it("who-am-i announces the writes, the gets and the progress", async () => {
    const who = await server.call("POST", "/api/v1/auth/who-am-i", { token: admin });
    expect(field(who, "extensions")).toEqual(
      expect.arrayContaining([
        "POST /goals",
        "GET /goals/{id}",
        "POST /goals/tasks",
        "GET /goals/tasks/{id}",
        "GET /goals/{id}/progress",
      ]),
    );
  });

  it("a token of one company lists, reads and follows only its goals", async () => {
    const onlyA = await server.token("viewer", [COMPANY_A]);
    const listed = await server.call("GET", "/api/v1/goals", { token: onlyA });
    expect(field(listed, "pagination", "total")).toBe(1);
    expect((await server.call("GET", `/api/v1/goals/${GOAL_B}`, { token: onlyA })).status).toBe(
      404,
    );
    const progress = await server.call("GET", `/api/v1/goals/${GOAL_B}/progress`, { token: onlyA });
    expect(progress.status).toBe(404);
    const own = await server.call("GET", `/api/v1/goals/${GOAL_A}/progress`, { token: onlyA });
    expect(own.status).toBe(200);
    expect(field(own, "note")).toContain("2020");
  });

  it("a viewer may not write: 403, nothing stored", async () => {
    const viewer = await server.token("viewer", [COMPANY_A]);
    const answer = await server.call("POST", "/api/v1/goals", {
      token: viewer,
      body: goalBody(GOAL_NEW, COMPANY_A),
    });
    expect(answer.status).toBe(403);
    expect((await server.call("GET", `/api/v1/goals/${GOAL_NEW}`, { token: admin })).status).toBe(
      404,
    );
  });

  it.each([
    [{ targetYear: 2020 }, "targetYear"],
    [{ reductionPercent: 0 }, "reductionPercent"],
    [{ reductionPercent: 100.5 }, "reductionPercent"],
    [{ scopes: [] }, "scopes"],
    [{ scopes: [4] }, "scopes.0"],
    [{ pathway: "curved" }, "pathway"],
  ])("a goal body with %j is refused at its field, nothing stored", async (change, path) => {
    const answer = await server.call("POST", "/api/v1/goals", {
      token: admin,
      body: { ...goalBody(GOAL_NEW, COMPANY_A), ...change },
    });
    expect(answer.status).toBe(422);
    expect(problemOf(answer).errors.map((issue) => issue.path)).toContain(path);
    expect((await server.call("GET", `/api/v1/goals/${GOAL_NEW}`, { token: admin })).status).toBe(
      404,
    );
  });

  it("a task under another company's goal: 404, nothing stored", async () => {
    const answer = await server.call("POST", "/api/v1/goals/tasks", {
      token: admin,
      body: {
        id: TASK_NEW,
        companyId: COMPANY_A,
        goalId: GOAL_B,
        title: "Borrowed goal",
        owner: "Me",
        dueDate: "2026-01-01",
        status: "todo",
      },
    });
    expect(answer.status).toBe(404);
    const stored = await server.call("GET", `/api/v1/goals/tasks/${TASK_NEW}`, { token: admin });
    expect(stored.status).toBe(404);
  });
});
