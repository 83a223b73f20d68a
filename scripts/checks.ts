/**
 * `npm test`: the typecheck, the lint and the test suite, run at once (the checks take about a
 * tenth of the suite's time and use the cores the suite leaves idle while it waits on child
 * processes and servers). The suite's output streams as it runs; each check's is printed whole
 * when it ends. The exit code is non-zero when any of them failed. `npm run checks` runs the
 * typecheck and the lint alone.
 */
import { spawn } from "node:child_process";

interface Step {
  readonly name: string;
  readonly command: string;
  readonly args: readonly string[];
  /** Streamed to the terminal as it comes, instead of printed whole at the end. */
  readonly streamed?: true;
}

const checks: readonly Step[] = [
  { name: "typecheck", command: "npm", args: ["run", "--silent", "typecheck"] },
  { name: "lint", command: "npm", args: ["run", "--silent", "lint"] },
];
const suite: Step = {
  name: "tests",
  command: "node_modules/.bin/vitest",
  args: ["run"],
  streamed: true,
};

function run(step: Step): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(step.command, [...step.args], {
      stdio: step.streamed ? "inherit" : ["ignore", "pipe", "pipe"],
    });
    let output = "";
    const keep = (chunk: string) => {
      output += chunk;
    };
    child.stdout?.setEncoding("utf8").on("data", keep);
    child.stderr?.setEncoding("utf8").on("data", keep);
    child.on("error", (error) => {
      process.stderr.write(`${step.name}: ${error.message}\n`);
      resolve(false);
    });
    child.on("close", (code) => {
      if (!step.streamed) {
        process.stdout.write(
          `> ${step.name}: ${code === 0 ? "passed" : `failed (exit ${code})`}\n`,
        );
        if (output !== "") process.stdout.write(output.endsWith("\n") ? output : `${output}\n`);
      }
      resolve(code === 0);
    });
  });
}

const steps = process.argv.includes("--with-tests") ? [...checks, suite] : checks;
const results = await Promise.all(steps.map(run));
const failed = steps.filter((_, index) => results[index] === false).map((step) => step.name);
if (failed.length > 0) {
  process.stderr.write(`failed: ${failed.join(", ")}\n`);
  process.exitCode = 1;
}
