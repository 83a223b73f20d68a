/** A reduction goal's progress (docs/goals.md#progress); the goals themselves are a plain resource. */
import { notFound } from "../../core/errors.js";
import { goalProgressSchema } from "../../core/model/goal-progress.js";
import { ignoredBody, noQuery } from "../input.js";
import { defineRoute, ok, param, type Route } from "../route.js";

export const goalRoutes: readonly Route[] = [
  defineRoute({
    method: "GET",
    path: "/goals/{id}/progress",
    summary:
      "A reduction goal's progress: base-year and latest-year kgCO2e of its scopes, target, pathway value, on track or not",
    extension: true,
    query: noQuery,
    body: ignoredBody,
    statuses: [200],
    response: { name: "GoalProgress", schema: goalProgressSchema },
    async handle({ service, access, params }) {
      const id = param(params, "id");
      const goal = await service.goals.get(id);
      // A goal out of the token's scope is missing to it: its company is not told.
      if (!access.sees(goal.companyId)) throw notFound("goal", id);
      return ok(await service.goals.progress(id));
    },
  }),
];
