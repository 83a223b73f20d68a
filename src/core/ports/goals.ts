/** The goals part of the port: the plain resource's verbs, plus a goal's progress. */
import type { GoalProgress } from "../model/goal-progress.js";
import type { PortOf } from "../resource-types.js";

export interface GoalsPort extends PortOf<"goals"> {
  /** The goal's progress from the stored emissions; not_found for an unknown goal. */
  progress(id: string): Promise<GoalProgress>;
}
