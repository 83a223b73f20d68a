import { Command } from "commander";
import type { Context } from "../../context.js";

export interface UpsertOptions {
  readonly company: string;
  readonly type: string;
  readonly name: string;
  readonly email?: string;
  readonly address?: string;
  readonly externalId?: string;
  readonly id?: string;
  readonly dryRun: boolean;
}

interface UpsertFlags extends Omit<UpsertOptions, "dryRun"> {
  readonly dryRun?: boolean;
}

export function upsertCommand(
  ctx: Context,
  run: (ctx: Context, opts: UpsertOptions) => Promise<void> = runUpsert,
): Command {
  return new Command("upsert")
    .description("Create or update a supplier or client of a company")
    .requiredOption("--company <id|name>", "the company it is a supplier or client of")
    .requiredOption("--type <type>", "suppliers or clients")
    .requiredOption("--name <name>", "its name")
    .option("--email <address>", "contact e-mail address")
    .option("--address <text>", "postal address")
    .option("--external-id <text>", "its code in your ERP or accounting system")
    .option(
      "--id <uuid>",
      "id to use (default: derived from --company and --external-id, else a new random UUID)",
    )
    .option("--dry-run", "check and say what would happen, store nothing")
    .addHelpText(
      "after",
      [
        "",
        "The same --id, or the same --company and --external-id without --id, updates the",
        "record; sending it again unchanged reports outcome unchanged. Every field is replaced:",
        "a flag left out clears the stored value.",
        "",
        "Examples:",
        "  $ carbon suppliers upsert --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --type suppliers \\",
        '      --name "Iberdrola Clientes" --email facturas@iberdrola.example --external-id PRV-0001',
        "  $ carbon suppliers upsert --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f --type clients \\",
        '      --name "Hoteles Sol" --external-id CLI-0042 --json',
      ].join("\n"),
    )
    .action(async (flags: UpsertFlags) => {
      await run(ctx, {
        company: flags.company,
        type: flags.type,
        name: flags.name,
        email: flags.email,
        address: flags.address,
        externalId: flags.externalId,
        id: flags.id,
        dryRun: flags.dryRun === true,
      });
    });
}

export async function runUpsert(ctx: Context, opts: UpsertOptions): Promise<void> {
  const [
    flags,
    { newId },
    model,
    { CarbonError },
    { renderObject },
    { supplierUpsertColumns },
    { idResolver },
  ] = await Promise.all([
    import("../../flags.js"),
    import("../../../core/ids.js"),
    import("../../../core/model/supplier.js"),
    import("../../../core/errors.js"),
    import("../../output/format.js"),
    import("./columns.js"),
    import("../../id-resolver.js"),
  ]);
  const email = model.supplierEmailSchema.safeParse(opts.email);
  if (!email.success) {
    const reason = email.error.issues[0]?.message ?? "expected an e-mail address";
    throw new CarbonError("usage", `invalid --email: ${reason}`);
  }
  const externalId = opts.externalId?.trim() ?? "";
  const id =
    opts.id === undefined
      ? externalId === ""
        ? newId()
        : undefined
      : flags.parseUuid("--id", opts.id);
  const fields = {
    type: flags.parseChoice("--type", opts.type, model.supplierTypes),
    name: flags.parseText("--name", opts.name),
    email: email.data,
    address: opts.address ?? null,
    externalId: externalId === "" ? null : externalId,
  };
  const companyId = await idResolver(() => ctx.service()).company("--company", opts.company);
  const input = { ...(id === undefined ? {} : { id }), companyId, ...fields };
  const service = await ctx.service();
  const result = await service.suppliers.upsert(input, { dryRun: opts.dryRun });
  renderObject(ctx.io, ctx.format(), result, supplierUpsertColumns);
}
