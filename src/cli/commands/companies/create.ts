import { Command } from "commander";
import type { Context } from "../../context.js";

export interface CreateOptions {
  readonly name: string;
  readonly country?: string;
  readonly id?: string;
}

interface CreateFlags {
  readonly name: string;
  readonly country?: string;
  readonly id?: string;
}

export function createCommand(
  ctx: Context,
  run: (ctx: Context, opts: CreateOptions) => Promise<void> = runCreate,
): Command {
  return new Command("create")
    .description("Create a company, or update it when --id names an existing one")
    .requiredOption("--name <name>", "company name")
    .option("--country <cc>", "ISO 3166 country code, e.g. ES")
    .option("--id <uuid>", "id to use (default: a new random UUID); the same id updates")
    .addHelpText(
      "after",
      '\nExamples:\n  $ carbon companies create --name "Acme Iberia" --country ES\n  $ carbon companies create --name "Acme UK" --country GB --id 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --json',
    )
    .action(async (flags: CreateFlags) => {
      await run(ctx, { name: flags.name, country: flags.country, id: flags.id });
    });
}

export async function runCreate(ctx: Context, opts: CreateOptions): Promise<void> {
  const [flags, { newId }, { renderObject }, { companyColumns }] = await Promise.all([
    import("../../flags.js"),
    import("../../../core/ids.js"),
    import("../../output/format.js"),
    import("./columns.js"),
  ]);
  const input = {
    id: opts.id === undefined ? newId() : flags.parseUuid("--id", opts.id),
    name: flags.parseText("--name", opts.name),
    country: opts.country === undefined ? null : flags.parseCountry("--country", opts.country),
  };
  const service = await ctx.service();
  const company = await service.companies.upsert(input);
  renderObject(ctx.io, ctx.format(), company, companyColumns);
}
