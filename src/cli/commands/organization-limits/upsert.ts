import { Command } from "commander";
import type { Context } from "../../context.js";

export interface UpsertOptions {
  readonly id?: string;
  readonly company: string;
  readonly name: string;
  readonly approach: string;
  readonly from: string;
  readonly to: string;
  readonly subsidiary: readonly string[];
  readonly building: readonly string[];
}

/** A repeatable flag's values, in the order given. */
function collect(value: string, previous: readonly string[] | undefined): readonly string[] {
  return [...(previous ?? []), value];
}

export function upsertCommand(
  ctx: Context,
  run: (ctx: Context, opts: UpsertOptions) => Promise<void> = runUpsert,
): Command {
  return new Command("upsert")
    .description("Create or update a company's organization limit by its id")
    .option("--id <uuid>", "the limit's id (default: a new one)")
    .requiredOption("--company <id|name>", "the company whose boundary it is")
    .requiredOption("--name <text>", 'a name, e.g. "FY2024 equity share"')
    .requiredOption(
      "--approach <approach>",
      "operational_control, financial_control or equity_share",
    )
    .requiredOption("--from <date>", "first day of the period, YYYY-MM-DD")
    .requiredOption("--to <date>", "last day of the period, YYYY-MM-DD")
    .option(
      "--subsidiary <id[:share]>",
      "a subsidiary company inside the limit, with its share % (default 100); repeat the flag",
      collect,
      [],
    )
    .option(
      "--building <id[:share]>",
      "a building inside the limit, with its share % (default 100); repeat the flag",
      collect,
      [],
    )
    .addHelpText(
      "after",
      [
        "",
        "The limit's company is always inside it, whole; list its subsidiaries and any other",
        "buildings. Under equity_share each member counts at its share; under a control approach",
        "a member is inside whole (100) or not listed. A building of a member company is refused",
        "(its company counts it). The whole limit is replaced: give every member each time.",
        "",
        "Examples:",
        '  $ carbon organization-limits upsert --company Acme --name "FY2024 equity" --approach equity_share \\',
        "      --from 2024-01-01 --to 2024-12-31 \\",
        "      --subsidiary 0a1b2c3d-1111-4222-8333-444455556666:60 --building 9f8e7d6c-1111-4222-8333-444455556666:50",
        '  $ carbon organization-limits upsert --company Acme --name "FY2024 operational" \\',
        "      --approach operational_control --from 2024-01-01 --to 2024-12-31 --subsidiary 0a1b2c3d-1111-4222-8333-444455556666",
      ].join("\n"),
    )
    .action(async (flags: UpsertOptions) => {
      await run(ctx, flags);
    });
}

export async function runUpsert(ctx: Context, opts: UpsertOptions): Promise<void> {
  const [
    { parseChoice, parseNumber, parseUuid },
    { idResolver },
    { renderObject },
    { limitColumns },
    ids,
  ] = await Promise.all([
    import("../../flags.js"),
    import("../../id-resolver.js"),
    import("../../output/format.js"),
    import("./columns.js"),
    import("../../../core/ids.js"),
  ]);
  const [{ parseInput }, { consolidationApproaches, organizationLimitInputSchema }] =
    await Promise.all([
      import("../../../core/validate.js"),
      import("../../../core/model/organization-limit.js"),
    ]);
  // ID or ID:SHARE; a third part makes the whole text a bad id.
  const member = (flag: string, text: string) => {
    const [id = "", share, ...rest] = text.split(":");
    if (rest.length > 0) return { id: parseUuid(flag, text) };
    return {
      id: parseUuid(flag, id),
      ...(share === undefined ? {} : { sharePercent: parseNumber(flag, share) }),
    };
  };
  const approach = parseChoice("--approach", opts.approach, consolidationApproaches);
  const id = opts.id === undefined ? ids.newId() : parseUuid("--id", opts.id);
  const members = [
    ...opts.subsidiary.map((text) => {
      const { id: companyId, ...share } = member("--subsidiary", text);
      return { companyId, ...share };
    }),
    ...opts.building.map((text) => {
      const { id: buildingId, ...share } = member("--building", text);
      return { buildingId, ...share };
    }),
  ];
  const companyId = await idResolver(() => ctx.service()).company("--company", opts.company);
  const input = parseInput(
    organizationLimitInputSchema,
    {
      id,
      companyId,
      name: opts.name,
      approach,
      periodFrom: opts.from,
      periodTo: opts.to,
      members,
    },
    "organization limit",
  );
  const service = await ctx.service();
  renderObject(ctx.io, ctx.format(), await service.organizationLimits.upsert(input), limitColumns);
}
