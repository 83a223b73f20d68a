/**
 * Runs tasks with at most `concurrency` in flight. After the first failure no new task starts;
 * the ones in flight are awaited, then the first error is thrown, so nothing is left running
 * behind the caller's back.
 */
export async function runLimited<T>(
  tasks: Iterable<T>,
  concurrency: number,
  run: (task: T) => Promise<void>,
): Promise<void> {
  const pending = tasks[Symbol.iterator]();
  let failure: { readonly error: unknown } | undefined;
  const worker = async (): Promise<void> => {
    while (failure === undefined) {
      const item = pending.next();
      if (item.done === true) return;
      try {
        await run(item.value);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  if (failure !== undefined) throw failure.error;
}
