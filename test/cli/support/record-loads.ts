/**
 * A module hook for the laziness test: records every module the process resolves and writes the
 * list to $CARBON_LOAD_RECORD at exit. It also lets Node run our TypeScript sources directly by
 * trying `x.ts` when a relative `x.js` does not exist (the sources import with `.js`).
 */
import { writeFileSync } from "node:fs";
import { registerHooks } from "node:module";

const loaded: string[] = [];

registerHooks({
  resolve(specifier, context, nextResolve) {
    let result: ReturnType<typeof nextResolve>;
    try {
      result = nextResolve(specifier, context);
    } catch (error) {
      if (!specifier.startsWith(".") || !specifier.endsWith(".js")) throw error;
      result = nextResolve(`${specifier.slice(0, -3)}.ts`, context);
    }
    loaded.push(result.url);
    return result;
  },
});

process.on("exit", () => {
  const file = process.env.CARBON_LOAD_RECORD;
  if (file !== undefined) writeFileSync(file, loaded.join("\n"));
});
