// What a user does in the browser, shared by the tests on the built and on the dev stack.
import { pageForPath } from '@coldmail/registry/pages';
import { apiAs } from './api.mjs';
import { newPage } from './browser.mjs';
import { E2E_ADMIN_EMAIL } from './stack.mjs';

/**
 * Registers a new account through the shell's sign-up page; resolves with its e-mail once the
 * dashboard shows.
 *
 * @param {import('playwright-core').Page} page
 * @param {{ urls: { shell?: string } }} stack
 * @param {string} name
 */
export async function signUpBuyer(page, stack, name) {
  const email = `${name.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}@e2e.test`;
  await page.goto(`${stack.urls.shell}/register`);
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password\W*$/).fill('secret123');
  await page.getByLabel('Confirm Password').fill('secret123');
  await page.getByLabel(/I agree/).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL('**/user/dashboard');
  return email;
}

/**
 * Signs in on the shell's login page.
 *
 * @param {import('playwright-core').Page} page
 * @param {string} email
 * @param {string} password
 */
export async function signIn(page, email, password) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/**
 * Fills the checkout's billing form and proceeds to payment.
 *
 * @param {import('playwright-core').Page} page
 */
export async function fillBilling(page) {
  await page.getByLabel('Address').fill('1 Market Street');
  await page.getByLabel('Country').selectOption({ label: 'France' });
  await page.getByRole('button', { name: 'Proceed to Payment' }).click();
}

/**
 * The credit balance the user area's sidebar shows.
 *
 * @param {import('playwright-core').Page} page
 */
export const sidebarCredits = (page) => page.getByTestId('sidebar-credits').innerText();

/**
 * The e2e admin, signed in twice over: through the API (to set things up) and in a browser page
 * (to use the back office).
 *
 * @param {import('playwright-core').Browser} browser
 * @param {{ urls: { shell?: string } }} stack
 */
export async function adminSession(browser, stack) {
  const api = await apiAs(stack, E2E_ADMIN_EMAIL, 'secret123', 'E2E Admin');
  const page = await newPage(browser);
  await page.goto(`${stack.urls.shell}/login`);
  await signIn(page, E2E_ADMIN_EMAIL, 'secret123');
  await page.waitForURL('**/user/dashboard');
  return { api, page };
}

/**
 * For `page.waitForURL`: matches any URL of the registry's page `id`, whatever its parameters.
 *
 * @param {string} id
 * @returns {(url: URL) => boolean}
 */
export const onPage = (id) => (url) => pageForPath(url.pathname)?.id === id;
