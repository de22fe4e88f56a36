// Accessibility, page by page: every page of the route registry's public, signed-in and user
// areas, opened by each visitor who may see it (a public page by a guest and by a signed-in buyer,
// whose header differs). Each must load without a script error, a console error or a failed API
// call, have no serious or critical axe-core violation (WCAG 2.1 A/AA), carry its title, and fit
// a 320 px wide screen (WCAG 1.4.10). The back office's pages are checked in
// accessibility-back-office.test.mjs, with its panels and dialogs; the keyboard in
// accessibility-keyboard.test.mjs.
import {
  checkVisit,
  labelOf,
  signInVisitors,
  signOutVisitors,
  visitsOf,
} from '../support/accessibility.mjs';
import { expect, test } from '../support/fixtures.mjs';

/** @type {import('../support/accessibility.mjs').Visitors} */
let visitors;

test.beforeAll(async ({ browser, stack }) => {
  visitors = await signInVisitors(browser, stack, { who: ['guest', 'buyer'], paidOrder: true });
});

test.afterAll(async () => {
  await signOutVisitors(visitors);
});

for (const visit of visitsOf(['public', 'signed-in', 'user'])) {
  test(`${visit.page.id} as ${visit.visitor}: no axe violation, its title, no error, fits 320 px`, async () => {
    const found = await checkVisit(visitors, visit);
    if (found === null) {
      // The page's first visitor must reach it; a later one may be sent on (a signed-in buyer
      // opening /login goes to their dashboard), whose page is checked under its own entry.
      expect(
        visit.first,
        `${labelOf(visitors, visit)}: sent to ${visitors.tabs[visit.visitor].url()}`,
      ).toBe(false);
      test.info().annotations.push({
        type: 'sent on',
        description: `to ${visitors.tabs[visit.visitor].url()}, checked there`,
      });
      return;
    }
    expect(found).toEqual([]);
  });
}
