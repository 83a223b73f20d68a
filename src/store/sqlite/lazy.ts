/**
 * A value made on the first call and kept for the holder's life. Repositories hold their
 * statements this way: a service opened for one command prepares only the statements that
 * command runs, not every statement of every repository.
 */
export function lazy<T>(make: () => T): () => T {
  let made = false;
  let value!: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
}
