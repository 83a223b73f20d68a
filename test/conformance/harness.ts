/**
 * Runs every command case (cases.ts) through the CLI's entry point, with a test I/O and a fresh
 * HOME, against three servers: a mock that validates every request against
 * interface.openapi.json, the same mock answering in the hosted service's shapes, and a real
 * `carbon serve`. Records per cell the exit code, whether stderr says "does not offer", and the
 * request violations the cell caused.
 */
import { rmSync } from "node:fs";
import type { Command } from "commander";
import { resources } from "../../src/cli/commands/registry.js";
import { createContext } from "../../src/cli/context.js";
import { createTestIo } from "../../src/cli/io.js";
import { main } from "../../src/cli/main.js";
import { createTestInput } from "../../src/cli/user-input.js";
import { tempDir } from "../cli/helpers.js";
import { startRealServer } from "../unit/remote/real-server.js";
import { commandCases } from "./cases.js";
import type { CaseContext, CommandCase } from "./command-case.js";
import { startInterfaceMock, type Violation } from "./interface-mock.js";
import { buildSeed, copyOfSeed, ids, removeSeed, type Seed } from "./seed.js";

export const serverNames = ["validating mock", "hosted shapes", "carbon serve"] as const;
/** The servers of the matrix, and carbon serve on PostgreSQL (the PostgreSQL tier runs it). */
export type ServerName = (typeof serverNames)[number] | "carbon serve on PostgreSQL";

export interface ConformanceServer {
  readonly name: ServerName;
  readonly url: string;
  readonly token: string;
  /** Violations recorded so far (always none for carbon serve, which is not a validator). */
  readonly violations: readonly Violation[];
  /** A summary of what the server stores, to compare before and after a dry run. */
  state(): Promise<string>;
  /** The document's operations a valid request reached (the mocks; undefined for carbon serve). */
  readonly reached?: ReadonlySet<string>;
  close(): Promise<void>;
}

export type Verdict = "ok" | "not offered" | "failed";

export interface Cell {
  readonly server: ServerName;
  readonly command: string;
  readonly code: number;
  readonly verdict: Verdict;
  readonly stdout: string;
  readonly stderr: string;
  readonly violations: readonly Violation[];
  /** What a successful run got wrong (its output, or a dry run that wrote). */
  readonly problem?: string;
}

/** A cell passes when the command succeeded or said plainly (exit 2) that the server lacks it. */
export function verdictOf(code: number, stderr: string): Verdict {
  if (code === 0) return "ok";
  if (code === 2 && /does not offer/.test(stderr)) return "not offered";
  return "failed";
}

export function cellPasses(cell: Cell): boolean {
  return cell.verdict !== "failed" && cell.violations.length === 0;
}

/** A real carbon serve on a copy of the seeded database (a file, or a PostgreSQL database). */
export async function startCarbonServe(name: ServerName, seed: Seed): Promise<ConformanceServer> {
  const server = await startRealServer({ dbPath: await copyOfSeed(seed) });
  const token = await server.token();
  const { local } = server;
  const state = async () => {
    const company = { companyId: ids.company, limit: 1 };
    const totals = await Promise.all([
      local.consumptions.list(company),
      local.suppliers.list(company),
      local.glec.list(company),
      local.buildings.list(company),
    ]);
    return totals.map((page) => page.pagination.total).join(",");
  };
  return { name, url: server.url, token, violations: [], state, close: () => server.close() };
}

export async function startServer(name: ServerName, seed: Seed): Promise<ConformanceServer> {
  if (name === "carbon serve") return startCarbonServe(name, seed);
  const mock = await startInterfaceMock({
    shapes: name === "hosted shapes" ? "hosted" : "spec",
    seed: seed.mock,
  });
  return {
    name,
    url: mock.url,
    // A token of the JWT form the specification names; a mock does not check it.
    token: "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJhbmFAZXhhbXBsZS5jb20ifQ.c2lnbmF0dXJl",
    violations: mock.violations,
    state: async () => String(mock.writes()),
    reached: mock.reached,
    close: () => mock.close(),
  };
}

export async function runCase(
  server: ConformanceServer,
  seed: Seed,
  commandCase: CommandCase,
): Promise<Cell> {
  const home = tempDir();
  const context: CaseContext = { seed, dir: home, url: server.url, token: server.token };
  const env: Record<string, string> = { HOME: home, NO_COLOR: "1" };
  if (commandCase.environment !== false) {
    env.CARBON_API_URL = server.url;
    env.CARBON_TOKEN = server.token;
  }
  const before = server.violations.length;
  const stateBefore = commandCase.dryRun === true ? await server.state() : undefined;
  const io = createTestIo();
  const stdin = commandCase.stdin?.(context);
  const code = await main(["node", "carbon", ...commandCase.args(context)], {
    io,
    env,
    input: createTestInput(stdin === undefined ? {} : { stdin }),
  });
  const stdout = io.stdoutText();
  const stderr = io.stderrText();
  let problem: string | undefined;
  if (code === 0) {
    problem = commandCase.check?.(stdout, context);
    if (stateBefore !== undefined && (await server.state()) !== stateBefore) {
      problem = "the dry run changed what the server stores";
    }
  }
  rmSync(home, { recursive: true, force: true });
  return {
    server: server.name,
    command: commandCase.name,
    code,
    verdict: problem === undefined ? verdictOf(code, stderr) : "failed",
    stdout,
    stderr,
    violations: server.violations.slice(before),
    ...(problem === undefined ? {} : { problem }),
  };
}

/** Every case on every server, one server at a time, cases in order. */
export async function runMatrix(
  onCell: (cell: Cell) => void = () => {},
  cases: readonly CommandCase[] = commandCases,
): Promise<Cell[]> {
  const seed = await buildSeed();
  const cells: Cell[] = [];
  try {
    for (const name of serverNames) {
      const server = await startServer(name, seed);
      try {
        for (const commandCase of cases) {
          const cell = await runCase(server, seed, commandCase);
          cells.push(cell);
          onCell(cell);
        }
      } finally {
        await server.close();
      }
    }
  } finally {
    removeSeed(seed);
  }
  return cells;
}

/** Every leaf command of the registry (`factors custom create`), built without running it. */
export async function registryLeaves(): Promise<string[]> {
  const ctx = createContext({
    io: createTestIo(),
    env: {},
    globals: () => ({}),
    signal: new AbortController().signal,
  });
  const leaves: string[] = [];
  const walk = (command: Command, prefix: readonly string[]): void => {
    const words = [...prefix, command.name()];
    if (command.commands.length === 0) leaves.push(words.join(" "));
    else for (const sub of command.commands) walk(sub, words);
  };
  for (const entry of resources) walk((await entry.load())(ctx), []);
  return leaves;
}
