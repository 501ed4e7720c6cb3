import { printableText, printableValue } from '../../shared/format/printable-text';

/**
 * JSON to place inside a <script> element: `<`, `>` and `&` become \u escapes (still the same
 * JSON), so no text in the data can close the script or open a comment; U+2028/U+2029 too. Its
 * strings are made printable first, as every page's text is (see escapeHtml).
 */
export const scriptSafeJson = (value: unknown): string =>
  JSON.stringify(printableValue(value))
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

/**
 * Text for HTML element content and attribute values, and for XML: markup escaped, and only what
 * a page or feed can carry (`printableText`: no control character but tab and line feed), so a
 * job stored before its text fields refused them cannot break a feed (docs/security.md#input-handling).
 */
export const escapeHtml = (text: string): string =>
  printableText(text).replace(
    /[&<>"']/g,
    (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!,
  );
