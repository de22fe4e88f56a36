// The server-rendered page as a document: the shell's built index.html (its scripts, styles and
// start-up script) with the page's head and HTML in place, and the reads the HTML was drawn from.

/** @param {string} text */
const escapeHtml = (text) =>
  text.replace(
    /[&<>"']/g,
    (char) =>
      /** @type {Record<string, string>} */ ({
        '&': '&amp;',
        '<': '&lt;',
        '>': '&gt;',
        '"': '&quot;',
        "'": '&#39;',
      })[char] ?? char,
  );

/** JSON inside a <script> block: `<` escaped, so no text can close the block. @param {unknown} value */
const scriptJson = (value) => JSON.stringify(value).replace(/</g, '\\u003c');

/**
 * @typedef {object} PageHead
 * @property {string} title the document's
 * @property {string} [shareTitle] what link previews show, when the content gives one (else the title)
 * @property {string} description
 * @property {string} url the page's canonical URL
 * @property {string} [image] an absolute URL
 * @property {object[]} structuredData schema.org objects
 * @property {string} siteName
 */

/**
 * The tags search engines and link previews read: description, canonical URL, OpenGraph, the
 * Twitter card and JSON-LD (data blocks, which the page's script policy does not run).
 *
 * @param {PageHead} head
 */
export function headTags(head) {
  /** @type {Array<[string, string, string]>} */
  const metas = [
    ['name', 'description', head.description],
    ['property', 'og:type', 'website'],
    ['property', 'og:site_name', head.siteName],
    ['property', 'og:title', head.shareTitle ?? head.title],
    ['property', 'og:description', head.description],
    ['property', 'og:url', head.url],
    ...(head.image
      ? /** @type {Array<[string, string, string]>} */ ([['property', 'og:image', head.image]])
      : []),
    ['name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'],
    ['name', 'twitter:title', head.shareTitle ?? head.title],
    ['name', 'twitter:description', head.description],
    ...(head.image
      ? /** @type {Array<[string, string, string]>} */ ([['name', 'twitter:image', head.image]])
      : []),
  ];
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    ...metas.map(
      ([kind, name, content]) => `<meta ${kind}="${name}" content="${escapeHtml(content)}" />`,
    ),
    ...head.structuredData.map(
      (data) => `<script type="application/ld+json">${scriptJson(data)}</script>`,
    ),
  ].join('\n    ');
}

const TITLE = /<title>[\s\S]*?<\/title>/;
const DESCRIPTION = /<meta\s+name="description"[^>]*>/;
const ROOT = '<div id="root"></div>';
const HTML = /<html\b[^>]*>/;

/**
 * The page: `template` (the shell's index.html) with `head` in place of its title and
 * description, the remote's `styles` linked, `html` in its root, and `stateBlock` (the reads,
 * for the browser) after the root.
 *
 * @param {string} template
 * @param {{ head: PageHead, html: string, styles?: string[], stateBlock: string }} page
 */
export function pageDocument(template, { head, html, styles = [], stateBlock }) {
  if (!template.includes(ROOT)) throw new Error(`index.html has no ${ROOT}`);
  const links = styles.map((href) => `<link rel="stylesheet" href="${escapeHtml(href)}" />`);
  const headHtml = [...links, headTags(head)].join('\n    ');
  if (!HTML.test(template)) throw new Error('index.html has no <html> element');
  return (
    template
      // Read by index.html's start-up script: the page is whole, its remote's code can wait.
      .replace(HTML, (tag) => `${tag.slice(0, -1)} data-server-rendered>`)
      .replace(TITLE, '')
      .replace(DESCRIPTION, '')
      // Replaced by functions: a page's text may hold `$&` and the like.
      .replace('</head>', () => `  ${headHtml}\n  </head>`)
      .replace(ROOT, () => `<div id="root">${html}</div>\n    ${stateBlock}`)
  );
}
