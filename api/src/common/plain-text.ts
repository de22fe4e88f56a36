import sanitizeHtml from 'sanitize-html';

const NO_MARKUP: sanitizeHtml.IOptions = { allowedTags: [], allowedAttributes: {} };

/**
 * Enough for text encoded a few times over (a copy of a copy of an e-mail); beyond that the input
 * is built to smuggle markup, and no more parsing is spent on it.
 */
const MAX_PASSES = 8;

/** The text a browser would show for `value` read as HTML: tags dropped, entities decoded. */
function htmlText(value: string): string {
  // sanitize-html escapes the text it keeps (& < > "); turning those four back, `&amp;` last,
  // gives the text itself.
  return sanitizeHtml(value, NO_MARKUP)
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

/**
 * User-written text with every tag removed, stored as text: what people typed (`Tom & Jerry`,
 * `a < b`, `<3`) reads as typed where it is shown as text, with no `&amp;`.
 *
 * Entities are read as the characters they stand for, so `&lt;script&gt;` is a tag too: the text
 * is read again until reading it as HTML changes nothing. The result then holds no tag, comment or
 * entity, so even a page or e-mail that uses it as HTML shows exactly this text. Each pass either
 * removes markup or shortens an entity, so it settles; text that is still changing after
 * MAX_PASSES loses its `<`, `>` and `&`, which is the only markup it could still make.
 */
export function plainText(value: string): string {
  let text = value;
  for (let pass = 0; pass < MAX_PASSES; pass += 1) {
    const next = htmlText(text);
    if (next === text) return text;
    text = next;
  }
  return text.replace(/[<>&]/g, '');
}
