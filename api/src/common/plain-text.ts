import sanitizeHtml from 'sanitize-html';

const NO_MARKUP: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };

/**
 * User-written text with every tag removed, stored as text. The input is read as HTML (so an
 * entity such as `&lt;` becomes `<`); sanitize-html escapes the text it keeps (& < > "), which a
 * page would show as `&amp;`, so those four are turned back, `&amp;` last. Pages render the result
 * as text, never as HTML.
 */
export function plainText(value: string): string {
  return sanitizeHtml(value, NO_MARKUP)
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}
