// What a page's layout must do on a small screen, checked in the browser.

/** The narrowest screen WCAG 1.4.10 (Reflow) asks content to fit without scrolling sideways. */
export const REFLOW_WIDTH = 320;

/**
 * What makes the page wider than the screen: the outermost elements that reach past its right
 * edge outside any scroll box of their own (a data table scrolls inside its box; that is allowed).
 * With `within` (a CSS selector, e.g. an open dialog's), only that part of the page is checked:
 * a dialog locks the page's scrolling, so what matters is that the dialog itself fits.
 *
 * @param {import('playwright-core').Page} page
 * @param {string} label
 * @param {{ within?: string }} [options]
 */
export async function sidewaysScroll(page, label, { within } = {}) {
  const found = await page.evaluate((selector) => {
    const root = document.documentElement;
    const scope = selector ? document.querySelector(selector) : document.body;
    if (!scope) return [`nothing matches ${selector}`];
    if (!selector && root.scrollWidth <= root.clientWidth) return [];
    const width = root.clientWidth;
    const inScrollBox = (element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible') return true;
        if (box === scope) return false;
      }
      return false;
    };
    const past = (element) => element.getBoundingClientRect().right > width + 1;
    const culprits = [scope, ...scope.querySelectorAll('*')]
      .filter((element) => past(element) && (element === scope || !inScrollBox(element)))
      .filter((element) => element === scope || !past(element.parentElement))
      .map((element) => {
        const name = `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]}`;
        return `${name} (${Math.round(element.getBoundingClientRect().right)} px)`;
      });
    if (selector)
      return culprits.length ? [`past the screen's edge: ${culprits.slice(0, 3).join(', ')}`] : [];
    return [`${root.scrollWidth} px wide: ${culprits.slice(0, 3).join(', ') || 'unknown'}`];
  }, within ?? null);
  return found.map((line) => `${label}: ${line}`);
}
