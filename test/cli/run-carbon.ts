/** Runs the whole CLI in this process, as `carbon ARGV...` with this environment. */
import { createTestIo } from "../../src/cli/io.js";
import { main } from "../../src/cli/main.js";

export interface CarbonRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

export async function runCarbon(
  env: Record<string, string>,
  ...argv: string[]
): Promise<CarbonRun> {
  const io = createTestIo();
  const code = await main(["node", "carbon", ...argv], { io, env });
  return { code, stdout: io.stdoutText(), stderr: io.stderrText() };
}
