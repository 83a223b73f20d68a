/** `npm run conformance`: runs the matrix and prints it (exit 1 when a cell fails). */

import { cellPasses, runMatrix } from "./harness.js";
import { formatMatrix } from "./matrix.js";

const cells = await runMatrix((cell) => {
  process.stderr.write(`${cell.server}: ${cell.command} -> exit ${cell.code}\n`);
});
process.stdout.write(formatMatrix(cells));
process.exitCode = cells.every(cellPasses) ? 0 : 1;
