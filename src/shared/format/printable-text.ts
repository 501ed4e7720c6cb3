/**
 * Line breaks as one character: CR LF and a lone CR (Windows and old Mac text), and the vertical
 * tab and form feed a word processor writes for a manual line or page break, all become LF. Text
 * fields take it before their check (`multiLineText` in contact-fields.ts), so a description
 * pasted from Word keeps its breaks (docs/security.md#input-handling).
 */
export const toLineFeeds = (text: string): string => text.replace(/\r\n?|[\v\f]/g, '\n');

/**
 * What no page or feed may carry: control characters other than tab and LF (C0, DEL, C1), which
 * XML 1.0 cannot hold even escaped and HTML counts as parse errors; halves of a surrogate pair
 * with no other half (no UTF-8 can encode one); and U+FFFE, U+FFFF, which XML excludes.
 */
const NOT_PRINTABLE = /(?![\t\n])\p{Cc}|\p{Cs}|[\uFFFE\uFFFF]/gu;

/**
 * Text as a page or feed may carry it (docs/security.md#input-handling): line breaks made LF as
 * the text fields make them, and anything else in NOT_PRINTABLE left out. Text fields refuse
 * these characters, but a row stored before they did may still hold one, and a single one makes
 * a whole XML feed unreadable. The text itself when it holds none.
 */
export function printableText(text: string): string {
  const broken = toLineFeeds(text);
  NOT_PRINTABLE.lastIndex = 0;
  return NOT_PRINTABLE.test(broken) ? broken.replace(NOT_PRINTABLE, '') : broken;
}

/**
 * Every string in a value of JSON's kinds (objects, arrays, strings, numbers...) made printable,
 * for data a page is drawn from. Parts with nothing to change are the same objects, so a value
 * with nothing to change is returned as it is.
 */
export function printableValue<T>(value: T): T {
  if (typeof value === 'string') return printableText(value) as T;
  if (Array.isArray(value)) {
    const items = value.map((item: unknown) => printableValue(item));
    return (items.some((item, index) => item !== value[index]) ? items : value) as T;
  }
  if (value === null || typeof value !== 'object') return value;
  let changed = false;
  const entries = Object.entries(value).map(([key, item]) => {
    const printable = printableValue(item);
    if (printable !== item) changed = true;
    return [key, printable] as const;
  });
  return changed ? (Object.fromEntries(entries) as T) : value;
}
