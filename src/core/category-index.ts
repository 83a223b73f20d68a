/**
 * The one way a category is found from what a user typed: its UUID, or its code in any case
 * (`natural_gas`, `Natural_Gas`), surrounding spaces ignored. The importer, the commands and the
 * local engine all look categories up here, so a code one accepts the others accept too.
 */
import { isUuid } from "./ids.js";

interface Findable {
  readonly id: string;
  readonly code: string;
}

export class CategoryIndex<C extends Findable> {
  readonly #byId = new Map<string, C>();
  readonly #byCode = new Map<string, C>();

  constructor(categories: Iterable<C>) {
    for (const category of categories) {
      this.#byId.set(category.id.toLowerCase(), category);
      const code = category.code.toLowerCase();
      // Codes are unique ignoring case; should two differ only in case, the first listed wins.
      if (!this.#byCode.has(code)) this.#byCode.set(code, category);
    }
  }

  /** The category a code (any case) or UUID names, or undefined. */
  find(text: string): C | undefined {
    const key = text.trim().toLowerCase();
    return isUuid(key) ? this.#byId.get(key) : this.#byCode.get(key);
  }

  /** By id alone (any case). */
  byId(id: string): C | undefined {
    return this.#byId.get(id.toLowerCase());
  }
}
