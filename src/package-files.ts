import { existsSync } from "node:fs";

/**
 * A file of the installed package, by its path from the package root. The root is the nearest
 * folder above this module holding `package.json`, so the answer is the same whether this code
 * runs from `src/` (tests), `dist/` (the compiled modules) or `dist/bundle/` (the binary's
 * bundle), each of which sits at a different depth.
 */
export function packageFile(relative: string): URL {
  return new URL(relative, packageRoot());
}

let root: URL | undefined;

function packageRoot(): URL {
  if (root !== undefined) return root;
  let dir = new URL(".", import.meta.url);
  while (!existsSync(new URL("package.json", dir))) {
    const parent = new URL("..", dir);
    // No package.json above (files copied without it): the folder above this module's.
    if (parent.href === dir.href) {
      dir = new URL("..", import.meta.url);
      break;
    }
    dir = parent;
  }
  root = dir;
  return dir;
}
