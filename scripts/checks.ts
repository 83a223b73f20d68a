/**
 * The static checks of `npm test`, the typecheck and the lint, run at once (each leaves a core
 * idle part of its time): both always finish, each one's output is printed whole when it ends,
 * and the exit code is non-zero when either failed.
 */
import { spawn } from "node:child_process";

const checks: readonly (readonly [string, readonly string[]])[] = [
  ["typecheck", ["run", "--silent", "typecheck"]],
  ["lint", ["run", "--silent", "lint"]],
];

function run(name: string, args: readonly string[]): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn("npm", [...args], { stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
    });
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      output += chunk;
    });
    child.on("error", (error) => {
      process.stderr.write(`${name}: ${error.message}\n`);
      resolve(false);
    });
    child.on("close", (code) => {
      process.stdout.write(`> ${name}: ${code === 0 ? "passed" : `failed (exit ${code})`}\n`);
      if (output !== "") process.stdout.write(output.endsWith("\n") ? output : `${output}\n`);
      resolve(code === 0);
    });
  });
}

const results = await Promise.all(checks.map(([name, args]) => run(name, args)));
if (results.includes(false)) process.exitCode = 1;
