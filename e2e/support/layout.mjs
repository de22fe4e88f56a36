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

/**
 * What is wrong with the page's tables on a desktop: a table wider than its scroll box (its
 * columns cut off behind a sideways scroll), and a row whose buttons and links in one cell do not
 * share a line (stacked, they triple the row's height).
 *
 * @param {import('playwright-core').Page} page
 * @param {string} label
 */
export async function tableMisfits(page, label) {
  const found = await page.evaluate(() =>
    [...document.querySelectorAll('table')].flatMap((table, index) => {
      const name = `table '${table.caption?.textContent?.trim() || index + 1}'`;
      const problems = [];
      let box = table.parentElement;
      while (box && box !== document.body && getComputedStyle(box).overflowX === 'visible') {
        box = box.parentElement;
      }
      if (box && box.scrollWidth > box.clientWidth) {
        problems.push(`${name} is ${box.scrollWidth} px wide in a ${box.clientWidth} px box`);
      }
      for (const row of table.querySelectorAll('tbody tr')) {
        for (const cell of row.cells) {
          const controls = [...cell.querySelectorAll('button, a')].map((control) =>
            control.getBoundingClientRect(),
          );
          if (controls.length < 2) continue;
          const lowestTop = Math.max(...controls.map((control) => control.top));
          const highestBottom = Math.min(...controls.map((control) => control.bottom));
          if (lowestTop >= highestBottom) {
            const text = row.cells[0]?.textContent?.trim().slice(0, 30);
            problems.push(`${name}: the ${controls.length} actions of row '${text}' stack`);
          }
        }
      }
      return problems;
    }),
  );
  return found.map((line) => `${label}: ${line}`);
}
