/** The conformance matrix as text: one row per command case, one column per server, and counts. */
import { type Cell, cellPasses, type ServerName, serverNames } from "./harness.js";

function mark(cell: Cell | undefined): string {
  if (cell === undefined) return "-";
  const violations = cell.violations.length === 0 ? "" : ` +${cell.violations.length} violation(s)`;
  if (cell.problem !== undefined) return `FAILED: ${cell.problem}${violations}`;
  if (cell.verdict === "failed") return `FAILED exit ${cell.code}${violations}`;
  return `${cell.verdict}${violations}`;
}

/** Why a cell fails: its request violations, then its problem or the first lines it printed. */
export function cause(cell: Cell): string {
  const parts = cell.violations.map((v) => `violation ${v.request}: ${v.problem}`);
  if (cell.problem !== undefined) {
    parts.push(cell.problem);
  } else {
    const printed = cell.stderr
      .split("\n")
      .map((line) => line.trim())
      .filter((line) => line !== "")
      .slice(0, 3);
    parts.push(
      `exit ${cell.code}: ${printed.length === 0 ? "(nothing on stderr)" : printed.join(" / ")}`,
    );
  }
  return parts.join("; ");
}

export function formatMatrix(cells: readonly Cell[]): string {
  const commands = [...new Set(cells.map((cell) => cell.command))];
  const find = (command: string, server: ServerName) =>
    cells.find((cell) => cell.command === command && cell.server === server);
  const width = Math.max(...commands.map((command) => command.length), 7);
  const columns = serverNames.map((server) =>
    Math.max(server.length, ...commands.map((command) => mark(find(command, server)).length)),
  );
  const row = (first: string, rest: readonly string[]) =>
    [first.padEnd(width), ...rest.map((text, index) => text.padEnd(columns[index] ?? 0))]
      .join("  ")
      .trimEnd();
  const lines = [
    row("command", serverNames),
    row(
      "-".repeat(width),
      columns.map((n) => "-".repeat(n)),
    ),
  ];
  for (const command of commands) {
    lines.push(
      row(
        command,
        serverNames.map((server) => mark(find(command, server))),
      ),
    );
  }
  lines.push("");
  for (const server of serverNames) {
    const mine = cells.filter((cell) => cell.server === server);
    const count = (verdict: Cell["verdict"]) =>
      mine.filter((cell) => cell.verdict === verdict).length;
    const violations = mine.reduce((sum, cell) => sum + cell.violations.length, 0);
    lines.push(
      `${server}: ${mine.filter(cellPasses).length} of ${mine.length} pass (${count("ok")} ok, ${count("not offered")} not offered, ${count("failed")} failed; ${violations} request violations)`,
    );
  }
  const failing = cells.filter((cell) => !cellPasses(cell));
  if (failing.length > 0) {
    lines.push("", "Failing cells:");
    for (const cell of failing) lines.push(`- ${cell.command} @ ${cell.server}: ${cause(cell)}`);
  }
  return `${lines.join("\n")}\n`;
}
