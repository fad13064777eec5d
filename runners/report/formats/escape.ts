// Text made safe inside XML and HTML, attributes included: escaped, and without the
// control characters XML 1.0 cannot hold. One function for JUnit, the page and the SVG.

export function escapeMarkup(text: string): string {
  return text
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Control characters a terminal would act on (escape and OSC sequences among them). */
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u202a-\u202e\u2066-\u2069]/g;

/** Text someone else wrote, made safe to print on a terminal: no control characters. */
export function plainText(text: string): string {
  return text.replace(CONTROL, (c) => (c === '\u001b' ? '^[' : '\uFFFD'));
}

/**
 * Text someone else wrote, as Markdown that shows it and does nothing else: one line,
 * markup characters and HTML escaped (GitHub renders a page's HTML), so a target's error
 * message cannot add a script, an image, a link or a table cell. Parentheses and "!" do
 * nothing once brackets are escaped, so they stay readable.
 */
export function mdText(text: string): string {
  return plainText(text)
    .replace(/\r?\n|\r|\t/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/([\\`*_[\]|~])/g, '\\$1');
}

/** The same, for text that starts a line, where `#`, `-`, `+`, `=` or `1.` would make a heading or a list. */
export function mdLine(text: string): string {
  return mdText(text)
    .replace(/^(\s*)([#+\-=])/, '$1\\$2')
    .replace(/^(\s*\d+)([.)])/, '$1\\$2');
}

/** The same, as a code span: fenced with more backticks than it holds, on one line. */
export function mdCode(text: string): string {
  const one = plainText(text).replace(/\r?\n|\r|\t/g, ' ').replace(/\|/g, '\\|');
  // A loop, not Math.max(...runs): a text of a million backtick runs would overflow the call stack.
  let longest = 0;
  for (const run of one.match(/`+/g) ?? []) longest = Math.max(longest, run.length);
  const fence = '`'.repeat(longest + 1);
  return `${fence}${one.startsWith('`') || one.endsWith('`') ? ` ${one} ` : one}${fence}`;
}
