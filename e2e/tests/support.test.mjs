// Support end to end, as people use it: a visitor writes from the landing page, the admin answers
// in the inbox, the user reads the answer in their account and replies.
import assert from 'node:assert/strict';
import { paths } from '@coldmail/registry/pages';
import { newPage } from '../support/browser.mjs';
import { test } from '../support/fixtures.mjs';
import { signIn, signUpBuyer } from '../support/flows.mjs';
import { E2E_ADMIN_EMAIL } from '../support/stack.mjs';

let browser;
let stack;

test.beforeAll(async ({ browser: sharedBrowser, stack: sharedStack }) => {
  browser = sharedBrowser;
  stack = sharedStack;
});

test.describe('support tickets', () => {
  test('a visitor’s message reaches the inbox only; a user’s ticket is a conversation with the admin', async () => {
    const userPage = await newPage(browser);
    const email = await signUpBuyer(userPage, stack, 'Tess Ticket');
    const subject = `Credits question ${Date.now()}`;
    const visitorSubject = `Contact form ${Date.now()}`;

    // Anyone can give any address on the landing page's form: the message is the inbox's, and
    // it does not show in the account that owns the address.
    const visitor = await newPage(browser);
    await visitor.goto(stack.urls.shell);
    const form = visitor.getByRole('form', { name: 'Contact us' });
    // The form takes its code as the visitor scrolls down to it (the page is server-rendered).
    await form.scrollIntoViewIfNeeded();
    await form.getByLabel('Name').fill('Tess Ticket');
    await form.getByLabel('Email').fill(email);
    await form.getByLabel('Phone').fill('+44 20 7946 0000');
    await form.getByLabel('Subject').fill(visitorSubject);
    await form.getByLabel('Message').fill('Is there a team plan?');
    await form.getByRole('button', { name: 'Send Message' }).click();
    await visitor.getByText('Message Sent Successfully!').waitFor();

    await userPage.goto(`${stack.urls.shell}${paths.userCreateSupport}`);
    await userPage.getByLabel('Subject').fill(subject);
    await userPage.getByLabel('Message').fill('Do my credits expire?');
    await userPage.getByRole('button', { name: 'Submit Ticket' }).click();
    await userPage.getByRole('heading', { name: /Support Tickets \(1\)/ }).waitFor();
    assert.equal(
      await userPage.getByRole('button', { name: new RegExp(visitorSubject) }).count(),
      0,
    );

    const adminPage = await newPage(browser);
    await adminPage.goto(`${stack.urls.shell}/login`);
    await signIn(adminPage, E2E_ADMIN_EMAIL, 'secret123');
    await adminPage.waitForURL('**/user/dashboard');
    await adminPage.goto(`${stack.urls.shell}${paths.adminSupportMessages}`);
    await adminPage.getByLabel('Search by email').fill(email);
    await adminPage.getByRole('button', { name: new RegExp(visitorSubject) }).waitFor();
    await adminPage.getByRole('button', { name: new RegExp(subject) }).click();
    const inbox = adminPage.getByRole('region', { name: `Conversation: ${subject}` });
    await inbox.getByText('Do my credits expire?').waitFor();
    await inbox.getByLabel('Reply').fill('They never expire.');
    await inbox.getByRole('button', { name: 'Send' }).click();
    await inbox.getByText('They never expire.').waitFor();

    await userPage.reload();
    await userPage.getByRole('button', { name: new RegExp(subject) }).click();
    const mine = userPage.getByRole('region', { name: `Conversation: ${subject}` });
    await mine.getByText('They never expire.').waitFor();
    await mine.getByLabel('Your reply').fill('Great, thanks!');
    await mine.getByRole('button', { name: 'Send' }).click();
    await mine.getByText('Great, thanks!').waitFor();
    await mine.getByText('In progress').first().waitFor();

    // The admin sees the answer without reloading (the inbox polls).
    await inbox.getByText('Great, thanks!').waitFor({ timeout: 20_000 });
    for (const page of [userPage, visitor, adminPage]) assert.deepEqual(page.pageErrors, []);
  });
});
