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
