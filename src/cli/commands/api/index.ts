import { Command } from "commander";
import type { Context } from "../../context.js";
import type { ApiOptions } from "./call.js";

export type { ApiOptions } from "./call.js";

interface ApiFlags {
  readonly rawField: string[];
  readonly field: string[];
  readonly input?: string;
  readonly paginate?: boolean;
}

function collect(value: string, previous: string[]): string[] {
  return [...previous, value];
}

export function apiCommand(
  ctx: Context,
  run: (ctx: Context, opts: ApiOptions) => Promise<void> = runApi,
): Command {
  return new Command("api")
    .description("Call any operation of the server's HTTP interface with the configured token")
    .argument("<method>", "GET, POST, PATCH or DELETE")
    .argument("<path>", "path under /api/v1: companies, /companies or /api/v1/companies")
    .option(
      "-f, --raw-field <key=value>",
      "a field sent as text: a query parameter for GET and DELETE, a body field for POST and PATCH; repeat for several",
      collect,
      [],
    )
    .option(
      "-F, --field <key=value>",
      "like -f, but true, false, null and numbers are sent as JSON values",
      collect,
      [],
    )
    .option("--input <file>", "send this JSON file as the body as it is (- reads stdin)")
    .option("--paginate", "GET every page of a list and print their data as one JSON array")
    .addHelpText(
      "after",
      [
        "",
        "Needs a server (carbon auth login, or --api-url with CARBON_TOKEN): the token, retries,",
        "error answers and CARBON_DEBUG=http work as for every other command. The answer is",
        "printed as JSON (indented on a terminal); --format ndjson prints one item per line.",
        "With --input, -f and -F fields become query parameters.",
        "",
        "Examples:",
        "  $ carbon api GET companies",
        "  $ carbon api GET consumptions -f companyId=8d2e4f6a-... -F limit=10",
        '  $ carbon api POST companies -f name="Acme Iberia" -f country=ES',
        "  $ carbon api POST consumptions --input consumption.json",
        "  $ carbon api GET emissions --paginate --format ndjson > emissions.ndjson",
      ].join("\n"),
    )
    .action(async (method: string, path: string, flags: ApiFlags) => {
      await run(ctx, {
        method,
        path,
        rawFields: flags.rawField,
        typedFields: flags.field,
        input: flags.input,
        paginate: flags.paginate === true,
      });
    });
}

export async function runApi(ctx: Context, opts: ApiOptions): Promise<void> {
  const { runApiCall } = await import("./call.js");
  await runApiCall(ctx, opts);
}
