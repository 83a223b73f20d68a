/** main(): the program as a whole, its exit codes, and where output goes. */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { createTestIo, type TestIo } from "../../src/cli/io.js";
import { main } from "../../src/cli/main.js";
import { tempDir } from "./helpers.js";

interface Outcome {
  readonly code: number;
  readonly io: TestIo;
}

async function carbon(
  args: readonly string[],
  env: Readonly<Record<string, string | undefined>> = { HOME: tempDir() },
): Promise<Outcome> {
  const io = createTestIo();
  const code = await main(["node", "carbon", ...args], { io, env });
  return { code, io };
}

function packageVersion(): string {
  const text = fs.readFileSync(new URL("../../package.json", import.meta.url), "utf8");
  const parsed: { version: string } = JSON.parse(text);
  return parsed.version;
}

describe("main without a database", () => {
  it("--version prints the package version and exits 0", async () => {
    const { code, io } = await carbon(["--version"]);
    expect(code).toBe(0);
    expect(io.stdoutText()).toBe(`${packageVersion()}\n`);
  });

  it.each([
    ["buildings", "list"],
    ["suppliers", "list"],
    ["factors", "custom", "list"],
    ["waste-operators", "list"],
    ["goals", "list"],
  ])(
    "%s list --help shows its filters before the paging flags every list shares",
    async (...path) => {
      const { code, io } = await carbon([...path, "--help"]);
      expect(code).toBe(0);
      const help = io.stdoutText();
      expect(help.indexOf("--company")).toBeGreaterThan(0);
      expect(help.indexOf("--company")).toBeLessThan(help.indexOf("--page"));
    },
  );

  it("--help lists the commands that exist, and only those", async () => {
    const { code, io } = await carbon(["--help"]);
    expect(code).toBe(0);
    const help = io.stdoutText();
    for (const command of [
      "companies",
      "buildings",
      "categories",
      "factors",
      "consumptions",
      "emissions",
      "suppliers",
      "glec",
      "api",
      "auth",
      "profile",
      "serve",
    ]) {
      expect(help).toMatch(new RegExp(`^  ${command}\\b`, "m"));
    }
    for (const option of ["--api-url", "--token", "--profile", "--insecure", "--concurrency"]) {
      expect(help).toContain(option);
    }
    expect(io.stderrText()).toBe("");
  });

  it("an unknown command exits 2 with a suggestion on stderr", async () => {
    const { code, io } = await carbon(["compnies", "list"]);
    expect(code).toBe(2);
    expect(io.stderrText()).toContain("error: unknown command 'compnies'");
    expect(io.stderrText()).toContain("companies");
    expect(io.stdoutText()).toBe("");
  });

  it.each([
    [["--format", "xml", "companies", "list"], "argument 'xml' is invalid"],
    [
      ["companies", "list", "--limit", "0"],
      'invalid --limit "0": expected a whole number from 1 to 500',
    ],
    [["companies", "list", "--all", "--page", "2"], "--all and --page cannot be used together"],
    [["companies", "get", " "], 'invalid company " ": expected a company id or name'],
    [
      ["factors", "resolve", "--category", "natural_gas", "--country", "ES", "--year", "20x4"],
      'invalid --year "20x4": expected a year such as 2024',
    ],
    [["companies", "create"], "required option '--name <name>' not specified"],
    [["companies", "list", "--bogus"], "unknown option '--bogus'"],
  ])("%j is a usage error (exit 2)", async (args, message) => {
    const { code, io } = await carbon(args);
    expect(code).toBe(2);
    expect(io.stderrText()).toContain(message);
    expect(io.stdoutText()).toBe("");
  });

  it("a command group without a verb prints its help and exits 2", async () => {
    const { code, io } = await carbon(["factors"]);
    expect(code).toBe(2);
    expect(io.stderrText()).toContain("resolve");
  });
});

describe("main with a local database", () => {
  it("a missing record exits 5", async () => {
    const db = path.join(tempDir(), "carbon.db");
    const { code, io } = await carbon([
      "--db",
      db,
      "companies",
      "get",
      "3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f",
    ]);
    expect(code).toBe(5);
    expect(io.stderrText()).toMatch(/^error: .*3f1c2a4e-8b7d-4c6a-9e5f-1a2b3c4d5e6f.*not found/);
    expect(io.stdoutText()).toBe("");
  });

  it("create then get round-trips through the same file; flags may follow the verb", async () => {
    const db = path.join(tempDir(), "carbon.db");
    const created = await carbon(["--db", db, "companies", "create", "--name", "Acme", "--json"]);
    expect(created.code).toBe(0);
    const company: { id: string; name: string } = JSON.parse(created.io.stdoutText());
    expect(company.name).toBe("Acme");
    const fetched = await carbon(["companies", "get", company.id, "--db", db, "--format", "csv"]);
    expect(fetched.code).toBe(0);
    expect(fetched.io.stdoutText()).toMatch(
      new RegExp(`^id,name,country,createdAt\\r\\n${company.id},Acme,,`),
    );
  });

  it("CARBON_DB beats the default, --db beats CARBON_DB", async () => {
    const dir = tempDir();
    const fromEnv = path.join(dir, "env.db");
    const fromFlag = path.join(dir, "flag.db");
    const env = { HOME: dir, CARBON_DB: fromEnv };
    expect((await carbon(["companies", "list"], env)).code).toBe(0);
    expect(fs.existsSync(fromEnv)).toBe(true);
    expect((await carbon(["--db", fromFlag, "companies", "list"], env)).code).toBe(0);
    expect(fs.existsSync(fromFlag)).toBe(true);
  });

  it.runIf(process.platform === "linux")(
    "without --db or CARBON_DB the database lives in the user data dir",
    async () => {
      const home = tempDir();
      const { code } = await carbon(["categories", "list", "--level", "scope"], { HOME: home });
      expect(code).toBe(0);
      expect(fs.existsSync(path.join(home, ".local/share/carbon/carbon.db"))).toBe(true);
    },
  );

  it("a file that is not a database is reported, not a crash", async () => {
    const file = path.join(tempDir(), "notes.db");
    fs.writeFileSync(file, "these are my notes, not a database\n".repeat(200));
    const { code, io } = await carbon(["--db", file, "companies", "list"]);
    expect(code).not.toBe(0);
    expect(code).not.toBe(1);
    expect(io.stderrText()).toMatch(/^error: /);
  });
});
