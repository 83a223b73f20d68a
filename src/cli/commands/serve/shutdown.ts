/**
 * When `carbon serve` should stop: SIGTERM (a service manager, `kill`), or Ctrl-C, which main.ts
 * turns into the abort of ctx.signal (and, as for every command, exit code 130). A second SIGTERM
 * while draining gets Node's default: the process ends at once.
 */
export type ShutdownReason = "SIGTERM" | "SIGINT";

export function untilShutdown(signal: AbortSignal): Promise<ShutdownReason> {
  return new Promise((resolve) => {
    const finish = (reason: ShutdownReason): void => {
      process.off("SIGTERM", onTerm);
      signal.removeEventListener("abort", onAbort);
      resolve(reason);
    };
    const onTerm = (): void => finish("SIGTERM");
    const onAbort = (): void => finish("SIGINT");
    if (signal.aborted) {
      resolve("SIGINT");
      return;
    }
    process.once("SIGTERM", onTerm);
    signal.addEventListener("abort", onAbort, { once: true });
  });
}
