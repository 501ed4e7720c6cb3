/**
 * `text` without the copies of `char` at its end. A loop rather than a pattern like `/=+$/`,
 * which tries every start in a long run of `char` and so takes quadratic time on text that
 * holds one away from the end (docs/security.md#input-handling).
 */
export function trimEnd(text: string, char: string): string {
  let end = text.length;
  while (end > 0 && text.endsWith(char, end)) end -= char.length;
  return end === text.length ? text : text.slice(0, end);
}
