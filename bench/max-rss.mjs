// Preloaded with `node --import` by bench/run.ts: on exit, writes this process's peak resident
// set size (kilobytes, from getrusage) to the file named by CARBON_BENCH_RSS_FILE.
import { writeFileSync } from "node:fs";

const target = process.env.CARBON_BENCH_RSS_FILE;
if (target) {
  process.on("exit", () => {
    writeFileSync(target, String(process.resourceUsage().maxRSS));
  });
}
