// What a page's layout must do on a small screen, checked in the browser.

/** The narrowest screen WCAG 1.4.10 (Reflow) asks content to fit without scrolling sideways. */
export const REFLOW_WIDTH = 320;

/**
 * What makes the page wider than the screen: the outermost elements that reach past its right
 * edge outside any scroll box of their own (a data table scrolls inside its box; that is allowed).
 */
export async function sidewaysScroll(page, label) {
  const found = await page.evaluate(() => {
    const root = document.documentElement;
    if (root.scrollWidth <= root.clientWidth) return [];
    const width = root.clientWidth;
    const inScrollBox = (element) => {
      for (let box = element.parentElement; box && box !== document.body; box = box.parentElement) {
        if (getComputedStyle(box).overflowX !== 'visible') return true;
      }
      return false;
    };
    const past = (element) => element.getBoundingClientRect().right > width + 1;
    const culprits = [...document.body.querySelectorAll('*')]
      .filter((element) => past(element) && !inScrollBox(element))
      .filter((element) => !element.parentElement || !past(element.parentElement))
      .map((element) => {
        const name = `${element.tagName.toLowerCase()}.${String(element.className).split(' ')[0]}`;
        return `${name} (${Math.round(element.getBoundingClientRect().right)} px)`;
      });
    return [`${root.scrollWidth} px wide: ${culprits.slice(0, 3).join(', ') || 'unknown'}`];
  });
  return found.map((line) => `${label}: ${line}`);
}
