/**
 * The CLI run through main() on each engine: a local database file, and a real `carbon serve`
 * on port 0 reached with a token. For tests that check a command behaves the same on both.
 */
import path from "node:path";
import { createTestIo } from "../../src/cli/io.js";
import { main } from "../../src/cli/main.js";
import { localActor } from "../../src/runtime/local-actor.js";
import { startRealServer } from "../unit/remote/real-server.js";
import { tempDir } from "./helpers.js";

export interface Outcome {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export interface Engine {
  readonly carbon: (...args: string[]) => Promise<Outcome>;
  /** Who the engine writes as: the OS user locally, the token's user on the server. */
  readonly author: string;
  readonly close: () => Promise<void>;
}

const SERVER_USER = "ana@example.com";

async function run(argv: readonly string[], env: Record<string, string>): Promise<Outcome> {
  const io = createTestIo();
  const code = await main(["node", "carbon", ...argv], { io, env });
  return { code, stdout: io.stdoutText(), stderr: io.stderrText() };
}

export async function localEngine(): Promise<Engine> {
  const dir = tempDir();
  const db = path.join(dir, "carbon.db");
  return {
    carbon: (...args) => run(["--db", db, ...args], { HOME: dir }),
    author: localActor(),
    close: async () => {},
  };
}

export async function remoteEngine(): Promise<Engine> {
  const server = await startRealServer();
  const token = await server.token({ email: SERVER_USER });
  const env = { HOME: tempDir(), CARBON_API_URL: server.url, CARBON_TOKEN: token };
  return { carbon: (...args) => run(args, env), author: SERVER_USER, close: () => server.close() };
}

/** `describe.each` rows: each engine's name and how to open it. */
export const bothEngines: readonly (readonly [string, () => Promise<Engine>])[] = [
  ["local engine", localEngine],
  ["carbon serve", remoteEngine],
];
