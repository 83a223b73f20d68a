/** Tier 2 helpers: commands run against a real local database in a temp dir, one context per call. */
import path from "node:path";
import { type Context, createContext, type GlobalOptions } from "../../../src/cli/context.js";
import { createTestIo } from "../../../src/cli/io.js";
import type { Environment } from "../../../src/cli/paths.js";
import type { CarbonService } from "../../../src/core/service.js";
import { tempDir } from "../helpers.js";

export const COMPANY_ID = "0e6a4b7c-3d2f-4a1b-9c8d-7e6f5a4b3c2d";
export const FIXTURES = path.resolve(import.meta.dirname, "../../../fixtures/consumptions");

export interface CommandResult {
  readonly stdout: string;
  readonly stderr: string;
  /** What the run function threw, if anything. */
  readonly error: unknown;
}

export interface RunOptions {
  readonly globals?: GlobalOptions;
  readonly stdoutIsTty?: boolean;
  readonly stderrIsTty?: boolean;
  readonly columns?: number;
  /** Abort before running (Ctrl-C). */
  readonly aborted?: boolean;
  /** Environment variables the command sees (`CARBON_DEBUG=http` logs requests). */
  readonly env?: Environment;
}

export interface TestDb {
  readonly dir: string;
  readonly dbPath: string;
  /** Runs one command as the CLI would: a fresh context, closed afterwards. */
  run(command: (ctx: Context) => Promise<void>, options?: RunOptions): Promise<CommandResult>;
  /** Direct access to the service, for seeding and for checking what commands stored. */
  withService<T>(use: (service: CarbonService) => Promise<T>): Promise<T>;
}

export function createTestDb(): TestDb {
  const dir = tempDir();
  const dbPath = path.join(dir, "carbon.db");
  const run: TestDb["run"] = async (command, options = {}) => {
    const io = createTestIo({
      stdoutIsTty: options.stdoutIsTty ?? false,
      stderrIsTty: options.stderrIsTty ?? false,
      columns: options.columns ?? 120,
    });
    const controller = new AbortController();
    if (options.aborted === true) controller.abort();
    const globals: GlobalOptions = { db: dbPath, ...options.globals };
    const ctx = createContext({
      io,
      env: options.env ?? {},
      globals: () => globals,
      signal: controller.signal,
    });
    let error: unknown;
    try {
      await command(ctx);
    } catch (caught) {
      error = caught;
    } finally {
      await ctx.close();
    }
    return { stdout: io.stdoutText(), stderr: io.stderrText(), error };
  };
  return {
    dir,
    dbPath,
    run,
    async withService(use) {
      const globals: GlobalOptions = { db: dbPath };
      const ctx = createContext({
        io: createTestIo(),
        env: {},
        globals: () => globals,
        signal: new AbortController().signal,
      });
      try {
        return await use(await ctx.service());
      } finally {
        await ctx.close();
      }
    },
  };
}

/** A company (ES) with the year of bills of `acme-offices-2024.csv` imported. */
export async function seedAcme(db: TestDb): Promise<void> {
  await db.withService((service) =>
    service.companies.upsert({ id: COMPANY_ID, name: "Acme Offices", country: "ES" }),
  );
  const { runImport } = await import("../../../src/cli/commands/consumptions/import.js");
  const result = await db.run((ctx) =>
    runImport(ctx, {
      file: path.join(FIXTURES, "acme-offices-2024.csv"),
      company: COMPANY_ID,
      dryRun: false,
      decimalComma: false,
      skipInvalid: false,
      createBuildings: true,
    }),
  );
  if (result.error !== undefined) throw result.error;
}
