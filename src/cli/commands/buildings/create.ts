import { Command } from "commander";
import type { Context } from "../../context.js";

export interface CreateOptions {
  readonly company: string;
  readonly name: string;
  readonly country?: string;
  readonly id?: string;
}

interface CreateFlags {
  readonly company: string;
  readonly name: string;
  readonly country?: string;
  readonly id?: string;
}

export function createCommand(
  ctx: Context,
  run: (ctx: Context, opts: CreateOptions) => Promise<void> = runCreate,
): Command {
  return new Command("create")
    .description("Create a building of a company, or update it when --id names an existing one")
    .requiredOption("--company <id|name>", "the company it belongs to")
    .requiredOption("--name <name>", "building name, unique within the company")
    .option(
      "--country <cc>",
      "ISO 3166 country code; decides the emission factors (default: the company's)",
    )
    .option("--id <uuid>", "id to use (default: a new random UUID); the same id updates")
    .addHelpText(
      "after",
      '\nExamples:\n  $ carbon buildings create --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --name "Madrid HQ"\n  $ carbon buildings create --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --name "Lisbon depot" --country PT --json',
    )
    .action(async (flags: CreateFlags) => {
      await run(ctx, {
        company: flags.company,
        name: flags.name,
        country: flags.country,
        id: flags.id,
      });
    });
}

export async function runCreate(ctx: Context, opts: CreateOptions): Promise<void> {
  const [flags, { newId }, { renderObject }, { buildingColumns }, { idResolver }] =
    await Promise.all([
      import("../../flags.js"),
      import("../../../core/ids.js"),
      import("../../output/format.js"),
      import("./columns.js"),
      import("../../id-resolver.js"),
    ]);
  const id = opts.id === undefined ? newId() : flags.parseUuid("--id", opts.id);
  const name = flags.parseText("--name", opts.name);
  const country = opts.country === undefined ? null : flags.parseCountry("--country", opts.country);
  const companyId = await idResolver(() => ctx.service()).company("--company", opts.company);
  const input = { id, companyId, name, country };
  const service = await ctx.service();
  const building = await service.buildings.upsert(input);
  renderObject(ctx.io, ctx.format(), building, buildingColumns);
}
