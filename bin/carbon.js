#!/usr/bin/env node
// Starts the built CLI. Kept tiny: everything else loads on demand.
const [major] = process.versions.node.split(".").map(Number);
if (major < 22) {
  process.stderr.write(
    `carbon needs Node.js 22 or newer (this is ${process.version}).\n` +
      "Inside the project, run it through npx or npm so the pinned Node 24 is used: npx carbon --help\n",
  );
  process.exit(1);
}
// Cache compiled code between runs (Node's own on-disk cache; ignored where unsupported).
const { enableCompileCache } = await import("node:module");
enableCompileCache?.();
const { main } = await import("../dist/bundle/main.js");
process.exitCode = await main(process.argv);
// Interrupted while a reader had stopped reading (`carbon … | less`): do not wait for it to drain.
if (process.exitCode === 130 && process.stdout.writableLength > 0) process.exit();
