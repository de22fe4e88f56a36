// Trial credits as a new buyer meets them: the landing page says what a new account gets, the
// dashboard what verifying brings, and the credits arrive with the verification and pay for an
// email. A stack of its own, with the trial the product ships (the shared stack has none).
import assert from 'node:assert/strict';
import { paths } from '@coldmail/registry/pages';
import { apiAs } from '../support/api.mjs';
import { newPage } from '../support/browser.mjs';
import { test } from '../support/fixtures.mjs';
import { sidebarCredits, signUpBuyer } from '../support/flows.mjs';
import { E2E_ADMIN_EMAIL, startFullStack } from '../support/stack.mjs';

let browser;
let stack;

test.beforeAll(async ({ browser: sharedBrowser }) => {
  test.setTimeout(180_000);
  browser = sharedBrowser;
  stack = await startFullStack({
    projectId: 'demo-coldmail-trial',
    // What the product ships: 3 credits, the network cap lifted (every account here signs up
    // from 127.0.0.1).
    apiSettings: { TRIAL_CREDITS: '3', TRIAL_NETWORK_DAILY_LIMIT: '0' },
  });
  const admin = await apiAs(stack, E2E_ADMIN_EMAIL, 'secret123', 'E2E Admin');
  await admin.post('/api/gemini-keys', { name: 'Trial key', key: `AIzaSyTrial${Date.now()}Key` });
});

test.afterAll(async () => {
  await stack?.close();
});

test('a new buyer signs up, verifies the address and generates an email with the trial credits', async () => {
  const page = await newPage(browser);
  await page.goto(stack.urls.shell);
  await page.getByText('New accounts get 3 free credits to try the generator.').waitFor();

  const email = await signUpBuyer(page, stack, 'Trial Buyer');
  await page
    .getByText('Verify your email address to get 3 free credits to try the generator.')
    .waitFor();
  assert.match(await sidebarCredits(page), /Credits: 0/);

  const link = (await stack.emulator.oobCodes()).find(
    (code) => code.email === email && code.requestType === 'VERIFY_EMAIL',
  );
  assert.ok(link, 'the emulator holds the verification link');
  assert.equal((await fetch(link.oobLink)).ok, true);
  await page.getByRole('button', { name: 'I have verified my email' }).click();
  await page.getByText('3 credits', { exact: true }).waitFor();
  await page
    .getByRole('list', { name: 'Recent credit changes' })
    .getByText('Free trial credits')
    .waitFor();
  assert.match(await sidebarCredits(page), /Credits: 3/, 'the sidebar without a reload');

  await page.goto(`${stack.urls.shell}${paths.userGenerateEmail}`);
  await page.getByTestId('generator-credits').getByText('Credits: 3').waitFor();
  await page.getByLabel(/Recipient Name/).fill('Ada Lovelace');
  await page.getByLabel(/Sender Name/).fill('Trial Buyer');
  await page.getByLabel(/Purpose of Email/).fill('Ask for a short call next week');
  await page.getByRole('button', { name: 'Generate Email' }).click();
  await page.getByText('Email template generated successfully!').waitFor();
  await page.getByTestId('generator-credits').getByText('Credits: 2').waitFor();

  // Signing in again later gives nothing more.
  const again = await newPage(browser);
  await again.goto(`${stack.urls.shell}${paths.login}`);
  await again.getByLabel('Email').fill(email);
  await again.getByLabel('Password').fill('secret123');
  await again.getByRole('button', { name: 'Login' }).click();
  await again.waitForURL(`**${paths.userDashboard}`);
  await again.getByText('2 credits', { exact: true }).waitFor();
  assert.deepEqual(page.pageErrors, []);
});
