import { Command } from "commander";
import type { DatabaseStatus } from "../../../core/model/database-status.js";
import type { Context } from "../../context.js";
import type { Column } from "../../output/format.js";

export function statusCommand(
  ctx: Context,
  run: (ctx: Context) => Promise<void> = runStatus,
): Command {
  return new Command("status")
    .description(
      "Say which engine the local database runs on (SQLite or PostgreSQL), where it is, and its schema version; it changes nothing",
    )
    .addHelpText(
      "after",
      [
        "",
        "The database is the one other commands use: --db, else CARBON_DB, else the profile's db,",
        "else the default file. A command other than this one migrates it to the latest version.",
        "A PostgreSQL URL is printed without its password.",
        "",
        "Examples:",
        "  $ carbon db status",
        "  $ carbon db status --db ./acme.db --json",
        "  $ carbon db status --db postgres://carbon@db.internal:5432/carbon?sslmode=require",
      ].join("\n"),
    )
    .action(async () => {
      await run(ctx);
    });
}

const columns: readonly Column<DatabaseStatus>[] = [
  { header: "engine", value: (status) => status.engine },
  { header: "database", value: (status) => status.database },
  { header: "server", value: (status) => status.server },
  {
    header: "schema",
    value: (status) => {
      if (!status.exists)
        return `none yet (the first command creates it at version ${status.latestVersion})`;
      if (status.schemaVersion === null) {
        return `none yet (the first command migrates it to version ${status.latestVersion})`;
      }
      const state = status.upToDate ? "up to date" : "the next command upgrades it";
      return `version ${status.schemaVersion} of ${status.latestVersion} (${state})`;
    },
  },
  { header: "instanceId", value: (status) => status.instanceId ?? "" },
];

export async function runStatus(ctx: Context): Promise<void> {
  const [{ CarbonError }, { databaseStatus }, { renderObject }] = await Promise.all([
    import("../../../core/errors.js"),
    import("../../../backends/local/index.js"),
    import("../../output/format.js"),
  ]);
  const engine = await ctx.engine();
  if (engine.kind !== "local") {
    throw new CarbonError(
      "usage",
      `db status describes a local database; this command would run on ${engine.apiUrl}`,
      { hint: "give --db PATH or --db postgres://… (or --local) to name the database" },
    );
  }
  renderObject(ctx.io, ctx.format(), await databaseStatus(engine.dbPath), columns);
}
