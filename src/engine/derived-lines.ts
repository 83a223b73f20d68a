import { type EmissionLine, emissionLines } from "../core/model/emission.js";

/**
 * A line of `fixtures/factors/derived-lines.csv` or of the generated `wtt-lines.csv`: a
 * consumption of `category` also produces a scope 3 category 3 line of kind `line`, priced as a
 * consumption of `derivedCategory`.
 */
export interface DerivationRule {
  readonly category: string;
  readonly line: Exclude<EmissionLine, "direct">;
  readonly derivedCategory: string;
  /**
   * A grid loss fraction parameter (eGRID's `electricity_grid_gross_loss`): where the derived
   * category has no factor of the consumption's own geography, the line is the consumption ×
   * that fraction × the consumption category's grid factor.
   */
  readonly lossFractionKey: string | null;
}

/** Which lines each consumption category derives, in file order (the files in turn). */
export interface DerivationRules {
  /** The rules of a consumption category, in file order (empty for most categories). */
  of(categoryCode: string): readonly DerivationRule[];
  /** The consumption categories that derive a line of this category (empty: none does). */
  sourcesOf(derivedCategoryCode: string): readonly string[];
  readonly all: readonly DerivationRule[];
}

const HEADER = "category,line,derived_category,loss_fraction_key";

/** The hand-made rules and the generated well-to-tank ones, under fixtures/factors. */
export const DERIVED_LINES_FILE = "derived-lines.csv";
export const WTT_LINES_FILE = "wtt-lines.csv";

/**
 * Parses a file of rules (derived-lines.csv, wtt-lines.csv): the header above, then one rule a
 * line (no quoting: codes only). Throws an Error naming the file and line on anything else: the
 * file is shipped data.
 */
export function parseDerivationRules(csvText: string, file = DERIVED_LINES_FILE): DerivationRules {
  const lines = csvText.replace(/^\uFEFF/, "").split(/\r?\n/);
  if ((lines[0] ?? "").trim() !== HEADER) {
    throw new Error(`${file}, line 1: expected header ${HEADER}, got "${lines[0] ?? ""}"`);
  }
  const rules: DerivationRule[] = [];
  lines.forEach((text, index) => {
    if (index === 0 || text.trim() === "") return;
    const cells = text.split(",").map((cell) => cell.trim());
    const [category = "", line = "", derivedCategory = "", lossFractionKey = ""] = cells;
    const where = `${file}, line ${index + 1}`;
    if (cells.length !== 4 || category === "" || derivedCategory === "") {
      throw new Error(`${where}: expected ${HEADER}, got "${text}"`);
    }
    if (!isDerivedLine(line)) {
      throw new Error(
        `${where}, column line: expected wtt, td_losses or td_losses_wtt, got "${line}"`,
      );
    }
    rules.push({ category, line, derivedCategory, lossFractionKey: lossFractionKey || null });
  });
  return derivationRules(rules);
}

function isDerivedLine(text: string): text is DerivationRule["line"] {
  return text !== "direct" && (emissionLines as readonly string[]).includes(text);
}

/** What a category without rules derives: shared, so a lookup allocates nothing. */
const NONE: readonly never[] = Object.freeze([]);

export function derivationRules(rules: readonly DerivationRule[]): DerivationRules {
  const byCategory = new Map<string, DerivationRule[]>();
  const sources = new Map<string, string[]>();
  for (const rule of rules) {
    const own = byCategory.get(rule.category) ?? [];
    if (own.some((other) => other.line === rule.line)) {
      throw new Error(`derivation rules: ${rule.category} derives its ${rule.line} line twice`);
    }
    own.push(rule);
    byCategory.set(rule.category, own);
    const from = sources.get(rule.derivedCategory) ?? [];
    from.push(rule.category);
    sources.set(rule.derivedCategory, from);
  }
  return {
    of: (code) => byCategory.get(code) ?? NONE,
    sourcesOf: (code) => sources.get(code) ?? NONE,
    all: rules,
  };
}

/** The rules as a file parseDerivationRules reads (what `npm run factors:generate` writes). */
export function derivationRulesCsv(rules: readonly DerivationRule[]): string {
  const body = rules.map((r) =>
    [r.category, r.line, r.derivedCategory, r.lossFractionKey ?? ""].join(","),
  );
  return `${[HEADER, ...body].join("\n")}\n`;
}
