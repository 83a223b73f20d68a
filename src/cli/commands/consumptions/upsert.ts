import { Command } from "commander";
import type { Context } from "../../context.js";
import type { UpsertOptions } from "./upsert-input.js";

export type { UpsertOptions } from "./upsert-input.js";

export function upsertCommand(
  ctx: Context,
  run: (ctx: Context, opts: UpsertOptions) => Promise<void> = runUpsert,
): Command {
  return new Command("upsert")
    .description("Create or update one consumption and calculate its emission")
    .option("--file <path>", "a JSON object with the consumption's fields")
    .option("--company <id|name>", "company id")
    .option("--building <id|name>", "building id")
    .option("--category <code>", "subcategory code (e.g. natural_gas) or its UUID")
    .option("--start <date>", "first day of the period, YYYY-MM-DD")
    .option("--end <date>", "last day of the period (included), YYYY-MM-DD")
    .option("--quantity <n>", "quantity consumed, e.g. 1250.5")
    .option("--unit <unit>", "unit of the quantity, e.g. kWh, l, km")
    .option("--entity <id>", "invoice, vehicle or survey answer it belongs to (default none)")
    .option(
      "--id <uuid>",
      "id to use (default: derived from company, building, category, entity and dates)",
    )
    .option(
      "--provider <uuid>",
      "a custom input of the company (provider or heat) it was supplied by",
    )
    .option("--fuel-type <uuid>", "a custom fuel input of the company it burnt")
    .option(
      "--kwh-per-m3 <n>",
      "natural gas in m3: the kWh (gross CV, PCS) per m3 the bill prints, e.g. 11.63",
    )
    .addHelpText(
      "after",
      [
        "",
        "Without --id the same company, building, category, entity and dates always give the same",
        "id, so running the command again with a corrected quantity updates the consumption.",
        "The file holds the API's fields: id (optional), entityId, categoryId (or a code),",
        "startDate, endDate, companyId, buildingId, quantity, unitType, and optionally provider or",
        "fuelType, and kwhPerM3. --provider/--fuel-type name a custom input (carbon inputs custom",
        "list): its custom factor, if it has one, prices this consumption (docs/inputs.md).",
        "--kwh-per-m3 gives a natural-gas bill's own conversion factor (Spanish and French bills",
        "print it): the m3 are priced as that many kWh instead of at the DESNZ gross CV. A",
        "quantity in kWh is gross CV unless its unit says otherwise (kWh_ncv, kWh PCI).",
        "",
        "Examples:",
        "  $ carbon consumptions upsert --company 3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f \\",
        "      --building 7a9e4b2c-1d3f-4e5a-8b6c-9d0e1f2a3b4c --category natural_gas \\",
        "      --start 2024-01-01 --end 2024-01-31 --quantity 12400 --unit kWh",
        "  $ carbon consumptions upsert --file consumption.json --json",
        "  $ carbon consumptions upsert --company Acme --building HQ --category electricity \\",
        "      --start 2025-01-01 --end 2025-01-31 --quantity 5000 --unit kWh \\",
        "      --provider 8d2e4f6a-1111-4222-8333-444455556666",
        "  $ carbon consumptions upsert --company Acme --building Madrid --category natural_gas \\",
        "      --start 2024-02-01 --end 2024-02-29 --quantity 250 --unit m3 --kwh-per-m3 11.63",
        "  $ carbon consumptions upsert --company Acme --building Leeds --category natural_gas \\",
        "      --start 2025-01-01 --end 2025-01-31 --quantity 9000 --unit kWh_ncv",
      ].join("\n"),
    )
    .action(async (flags: UpsertOptions) => {
      await run(ctx, {
        file: flags.file,
        company: flags.company,
        building: flags.building,
        category: flags.category,
        start: flags.start,
        end: flags.end,
        quantity: flags.quantity,
        unit: flags.unit,
        entity: flags.entity,
        id: flags.id,
        provider: flags.provider,
        fuelType: flags.fuelType,
        kwhPerM3: flags.kwhPerM3,
      });
    });
}

export async function runUpsert(ctx: Context, opts: UpsertOptions): Promise<void> {
  const [{ inputFromFile, inputFromFlags }, { renderObject }, { loadNames }, { upsertColumns }] =
    await Promise.all([
      import("./upsert-input.js"),
      import("../../output/format.js"),
      import("../emissions/lookups.js"),
      import("./columns.js"),
    ]);
  const service = await ctx.service();
  const input =
    opts.file === undefined
      ? await inputFromFlags(service, opts)
      : await inputFromFile(service, opts.file, opts);
  const result = await service.consumptions.upsert(input);
  // A server that sends no record back (the hosted service) stored the consumption as sent.
  const row = { ...result, consumption: result.consumption ?? input };
  const names = await loadNames(service, [row.consumption]);
  renderObject(ctx.io, ctx.format(), row, upsertColumns(names));
  if (result.emission === undefined && ctx.globals().quiet !== true) {
    ctx.io.err(
      `the server did not send the emission back: see it with \`carbon emissions list --company ${input.companyId}\``,
    );
  }
}
