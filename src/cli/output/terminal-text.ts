import { CONTROL_CHARACTERS } from "../../core/model/text-values.js";

/**
 * Text as a terminal may print it: every control character but the line feed shown as its
 * escape (`\u001b`), so text stored before writes refused them cannot drive the terminal.
 */
export function terminalText(text: string): string {
  return text.replace(CONTROL_CHARACTERS, (character) =>
    character === "\n"
      ? character
      : `\\u${(character.codePointAt(0) ?? 0).toString(16).padStart(4, "0")}`,
  );
}
