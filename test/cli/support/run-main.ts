/** Runs the CLI from its TypeScript sources (with record-loads.ts as the --import hook). */
import { main } from "../../../src/cli/main.js";

process.exitCode = await main(process.argv);
