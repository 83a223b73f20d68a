import type { Command } from "commander";
import type { Context } from "../context.js";

/**
 * A command group as `carbon --help` lists it: each group's folder says it in its group.ts
 * (name, description, place), which `npm run registry` lists with a loader of its index.ts.
 */
export interface Group {
  /** The word on the command line (`waste-operators`). */
  readonly name: string;
  readonly description: string;
  /** Where it is listed in `carbon --help`: lower first. */
  readonly order: number;
}

/** A group, and its commands (and everything they import), loaded when that group runs. */
export interface GroupEntry extends Group {
  load(): Promise<(ctx: Context) => Command>;
}
