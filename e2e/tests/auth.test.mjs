// Sign-in end to end, as a user does it: real Firebase Auth emulator, real API, real database.
import assert from 'node:assert/strict';
import { paths } from '@coldmail/registry/pages';
import { apiAs, signedInAccount } from '../support/api.mjs';
import { newPage } from '../support/browser.mjs';
import { test } from '../support/fixtures.mjs';
import { signIn } from '../support/flows.mjs';
import { E2E_ADMIN_EMAIL } from '../support/stack.mjs';

// A 1×1 PNG: the upload must be an image by content, not by name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

let browser;
let stack;

test.beforeAll(async ({ browser: sharedBrowser, stack: sharedStack }) => {
  browser = sharedBrowser;
  stack = sharedStack;
});

let accountCount = 0;
const uniqueEmail = (name) => `${name}-${Date.now()}-${(accountCount += 1)}@e2e.test`;

async function register(page, { name, email, password = 'secret123' }) {
  await page.goto(`${stack.urls.shell}${paths.register}`);
  await page.getByLabel('Full Name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel(/^Password\W*$/).fill(password);
  await page.getByLabel('Confirm Password').fill(password);
  await page.getByLabel(/I agree/).check();
  await page.getByRole('button', { name: 'Sign Up' }).click();
  await page.waitForURL(`**${paths.userDashboard}`);
}

/** Opens the header's account disclosure: the entries it shows, links and a button. */
async function openAccountMenu(page) {
  const button = page.getByRole('button', { name: 'Account menu' });
  await button.click();
  return page.locator(`[id="${await button.getAttribute('aria-controls')}"]`);
}

/**
 * Google's sign-in on the Auth emulator: the shell's stand-in for Google's account chooser asks
 * for an address and a name, as the emulator's own popup does (that popup needs Google's gapi
 * script, which this offline machine cannot load), and the emulator signs the account in as a
 * verified Google account.
 */
async function continueWithGoogle(page, { email, name }) {
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const chooser = page.getByRole('dialog', { name: 'Google account (Auth emulator)' });
  await chooser.getByLabel('Email').fill(email);
  await chooser.getByLabel('Display name').fill(name);
  await chooser.getByRole('button', { name: 'Sign in with Google.com' }).click();
}

/** The emulator's account of an address, with the providers it signs in with. */
async function emulatorAccount(email) {
  const response = await fetch(
    `${stack.emulator.url}/identitytoolkit.googleapis.com/v1/projects/${stack.emulator.projectId}/accounts:lookup`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer owner' },
      body: JSON.stringify({ email: [email] }),
    },
  );
  const { users = [] } = await response.json();
  return users;
}

test.describe('Google sign-in', () => {
  test('a new visitor continues with Google from the register page and lands on the dashboard', async () => {
    const page = await newPage(browser);
    const email = uniqueEmail('katherine');
    await page.goto(`${stack.urls.shell}${paths.register}`);
    await continueWithGoogle(page, { email, name: 'Katherine Johnson' });
    await page.waitForURL(`**${paths.userDashboard}`);
    await page.getByText('Welcome back, Katherine Johnson!').waitFor();
    // Google vouches for the address: no verification notice.
    assert.equal(await page.getByTestId('verify-email-notice').count(), 0);
    const record = await page.evaluate(() => globalThis.__coldmailRecord.read());
    assert.equal(record.userEmail, email);
    assert.equal(record.userRole, 'member');
    assert.deepEqual(page.pageErrors, []);
  });

  test('Google joins the existing password account of the same verified address', async () => {
    const email = uniqueEmail('dorothy');
    await stack.emulator.createUser(email, 'secret123', 'Dorothy Vaughan', { emailVerified: true });
    const before = await apiAs(stack, email, 'secret123', 'Dorothy Vaughan');
    const [record] = await before.get(`/users?userEmail=${encodeURIComponent(email)}`);

    const page = await newPage(browser);
    await page.goto(`${stack.urls.shell}${paths.login}`);
    await continueWithGoogle(page, { email, name: 'Dot V.' });
    await page.waitForURL(`**${paths.userDashboard}`);
    // The record made for the password account, by its name, not a second one by Google's.
    await page.getByText('Welcome back, Dorothy Vaughan!').waitFor();
    const signedIn = await page.evaluate(() => globalThis.__coldmailRecord.read());
    assert.equal(signedIn._id, record._id);
    const accounts = await emulatorAccount(email);
    assert.equal(accounts.length, 1, 'one Firebase account for the address');
    assert.deepEqual(accounts[0].providerUserInfo.map((info) => info.providerId).sort(), [
      'google.com',
      'password',
    ]);
    // The password still signs in to the same account.
    const again = await newPage(browser);
    await again.goto(`${stack.urls.shell}${paths.login}`);
    await signIn(again, email, 'secret123');
    await again.getByText('Welcome back, Dorothy Vaughan!').waitFor();
  });

  test('closing Google’s chooser says so in the sign-in page’s words', async () => {
    const page = await newPage(browser);
    await page.goto(`${stack.urls.shell}${paths.login}`);
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page
      .getByRole('dialog', { name: 'Google account (Auth emulator)' })
      .getByRole('button', { name: 'Close' })
      .click();
    await page.getByText('Sign-in popup closed by user.').waitFor();
    assert.equal(new URL(page.url()).pathname, paths.login);
  });
});

test.describe('register, sign in and out', () => {
  test('registering lands on the dashboard, signed in, with the header menu', async () => {
    const page = await newPage(browser);
    const email = uniqueEmail('grace');
    await register(page, { name: 'Grace Hopper', email });
    await page.getByText('Welcome back, Grace Hopper!').waitFor();

    await page.getByRole('link', { name: 'Dashboard' }).first().waitFor();
    await page.goto(stack.urls.shell);
    const menu = await openAccountMenu(page);
    assert.ok(await menu.getByText('Grace Hopper').isVisible());
    assert.ok(await menu.getByText(email).isVisible());
    assert.ok(await menu.getByRole('link', { name: 'Dashboard' }).isVisible());
    assert.equal(await menu.getByRole('link', { name: 'Admin Panel' }).count(), 0);

    const record = await page.evaluate(() => globalThis.__coldmailRecord.read());
    assert.equal(record.userEmail, email);
    assert.equal(record.userRole, 'member');
    assert.deepEqual(page.pageErrors, []);
  });

  test('registering sends the verification e-mail; the notice goes once the link is opened', async () => {
    const page = await newPage(browser);
    const email = uniqueEmail('barbara');
    await register(page, { name: 'Barbara Liskov', email });
    const notice = page.getByTestId('verify-email-notice');
    await notice.getByText('Please verify your email address.').waitFor();
    assert.ok(await notice.getByText(email).isVisible());

    const codes = await stack.emulator.oobCodes();
    const link = codes.find((code) => code.email === email && code.requestType === 'VERIFY_EMAIL');
    assert.ok(link, 'the emulator holds a verification link for the new address');
    await notice.getByRole('button', { name: 'I have verified my email' }).click();
    await page.getByText('Not verified yet', { exact: false }).waitFor();

    assert.equal((await fetch(link.oobLink)).ok, true);
    await notice.getByRole('button', { name: 'I have verified my email' }).click();
    await notice.waitFor({ state: 'detached' });
  });

  test('logout signs out, clears the cached navbar and auth entries and goes home', async () => {
    const page = await newPage(browser);
    await register(page, { name: 'Alan Turing', email: uniqueEmail('alan') });
    await page.goto(stack.urls.shell);
    const menu = await openAccountMenu(page);
    assert.ok(await page.evaluate(() => localStorage.getItem('navbarUserData')));
    await menu.getByRole('button', { name: 'Logout' }).click();
    await page.getByRole('link', { name: 'Sign Up' }).waitFor();
    assert.equal(new URL(page.url()).pathname, paths.home);
    assert.equal(await page.evaluate(() => localStorage.getItem('navbarUserData')), null);
    assert.equal(await page.evaluate(() => localStorage.getItem('authState')), null);
    await page.reload();
    await page.getByRole('link', { name: 'Sign Up' }).waitFor();
  });

  test('a visitor who never signed in downloads no sign-in code until a sign-in screen opens; a signed-in visitor is restored after a reload', async () => {
    const page = await newPage(browser);
    /**
     * Every script the page asked for, each as the promise of its URL when it carries Firebase
     * Auth (its REST endpoint is in the SDK's code), else null.
     * @type {Promise<string | null>[]}
     */
    const scripts = [];
    page.on('request', (request) => {
      if (request.resourceType() !== 'script') return;
      scripts.push(
        request
          .response()
          // A redirect has no body; a script that failed has none either.
          .then(
            (response) => response?.text().catch(() => '') ?? '',
            () => '',
          )
          .then((body) => (body.includes('identitytoolkit.googleapis.com') ? request.url() : null)),
      );
    });
    const signInScripts = async () => (await Promise.all(scripts)).filter(Boolean);
    await page.goto(stack.urls.shell);
    // 'Sign Up' shows once the header knows the visitor is signed out: after the shell decided
    // whether to load sign-in code. Every script asked for by then is read to its end.
    await page.getByRole('link', { name: 'Sign Up' }).waitFor();
    assert.deepEqual(await signInScripts(), [], 'the landing page loaded Firebase Auth');

    const email = uniqueEmail('grace');
    await stack.emulator.createUser(email, 'secret123', 'Grace');
    await page.goto(`${stack.urls.shell}/login`);
    await signIn(page, email, 'secret123');
    await page.waitForURL('**/user/dashboard');
    assert.ok((await signInScripts()).length > 0, 'signing in loaded Firebase Auth');
    // A new visit: the session comes back from Firebase, so a protected page opens.
    await page.goto(`${stack.urls.shell}/user/dashboard`);
    await page.reload();
    await page.getByText('Welcome back, Grace!').waitFor();
    assert.equal(new URL(page.url()).pathname, '/user/dashboard');
  });

  test('a wrong password shows the spec text and keeps the visitor on the login page', async () => {
    const email = uniqueEmail('ada');
    await stack.emulator.createUser(email, 'right-password', 'Ada');
    const page = await newPage(browser);
    await page.goto(`${stack.urls.shell}/login`);
    await signIn(page, email, 'wrong-password');
    await page.getByText('Incorrect password. Please try again.').waitFor();
    assert.equal(new URL(page.url()).pathname, paths.login);
  });

  test('a protected page sends the visitor to /login and back there after signing in', async () => {
    const email = uniqueEmail('linus');
    await stack.emulator.createUser(email, 'secret123', 'Linus');
    const page = await newPage(browser);
    await page.goto(`${stack.urls.shell}/user/subscription-history`);
    await page.waitForURL('**/login');
    await signIn(page, email, 'secret123');
    await page.waitForURL('**/user/subscription-history');
    await page.locator('[data-remote="account"]').waitFor();
  });

  test('the admin ADMIN_EMAILS made, once its password is set, sees the Admin Panel link and the back office', async () => {
    await signedInAccount(stack.emulator, E2E_ADMIN_EMAIL, 'secret123', 'E2E Admin');
    const page = await newPage(browser);
    await page.goto(`${stack.urls.shell}/login`);
    await signIn(page, E2E_ADMIN_EMAIL, 'secret123');
    await page.waitForURL('**/user/dashboard');
    await page.goto(stack.urls.shell);
    const menu = await openAccountMenu(page);
    await menu.getByRole('link', { name: 'Admin Panel' }).click();
    await page.locator('[data-remote="admin"]').waitFor();
  });
});

test.describe('password reset', () => {
  test('the success view names the address and the emulator holds the reset code', async () => {
    const email = uniqueEmail('reset');
    await stack.emulator.createUser(email, 'secret123', 'Reset Me');
    const page = await newPage(browser);
    await page.goto(`${stack.urls.shell}${paths.resetPassword}`);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'Password Reset Email Sent!' }).waitFor();
    assert.ok(
      await page
        .getByText(`We've sent instructions to reset your password to ${email}.`)
        .isVisible(),
    );
    const codes = await stack.emulator.oobCodes();
    assert.ok(codes.some((code) => code.email === email && code.requestType === 'PASSWORD_RESET'));
  });

  test('a blank address gets the spec text and sends nothing', async () => {
    const email = uniqueEmail('blank');
    await stack.emulator.createUser(email, 'secret123', 'Blank First');
    const page = await newPage(browser);
    await page.goto(`${stack.urls.shell}${paths.forgotPassword}`);
    const resetRequests = [];
    page.on('request', (request) => {
      const sendsCode = request.url().includes('accounts:sendOobCode');
      if (sendsCode && request.method() === 'POST') resetRequests.push(request);
    });
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByText('Please enter your email address').waitFor();

    // The address given after it is the only one sent: by the time that one has gone, a request
    // for the blank one would have been seen too.
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Reset Password' }).click();
    await page.getByRole('heading', { name: 'Password Reset Email Sent!' }).waitFor();
    assert.deepEqual(
      resetRequests.map((request) => request.postDataJSON()?.email),
      [email],
    );
  });
});

test.describe('profile settings', () => {
  // Issue 55 item 4: the route is public in the specification's table, with its page.
  test('a signed-out visitor sees the page, and a save is refused by the API', async () => {
    const page = await newPage(browser);
    await page.goto(`${stack.urls.shell}${paths.updateProfile}`);
    await page.getByRole('heading', { name: 'Profile Settings' }).waitFor();
    await page.getByText('You are not signed in: your changes cannot be saved.').waitFor();
    assert.ok(await page.getByRole('button', { name: 'Change Photo' }).isVisible());
    assert.ok(await page.getByRole('heading', { name: 'Personal Information' }).isVisible());
    await page.getByLabel('Full Name').fill('Nobody Signed In');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Failed to update profile: Authentication required').waitFor();
    await page.getByRole('link', { name: 'Log in' }).click();
    await page.waitForURL(`**${paths.login}`);
  });

  test('a user uploads a photo and saves their personal information', async () => {
    const page = await newPage(browser);
    const email = uniqueEmail('profile');
    await register(page, { name: 'Barbara Liskov', email });
    await page.goto(`${stack.urls.shell}${paths.updateProfile}`);
    const emailField = page.getByLabel('Email Address');
    await emailField.waitFor();
    assert.equal(await emailField.inputValue(), email);
    assert.equal(await emailField.getAttribute('readonly'), '');
    assert.ok(await page.getByText('Email address cannot be changed').isVisible());

    await page.getByLabel('Profile photo file').setInputFiles({
      name: 'me.png',
      mimeType: 'image/png',
      buffer: PNG,
    });
    await page.getByText('Image uploaded successfully!').waitFor();
    await page.getByLabel('Full Name').fill('Barbara H. Liskov');
    await page.getByLabel('City').fill('Boston');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully!').waitFor();

    await page.reload();
    await page.getByLabel('City').waitFor();
    assert.equal(await page.getByLabel('City').inputValue(), 'Boston');
    assert.equal(await page.getByLabel('Full Name').inputValue(), 'Barbara H. Liskov');
    const photo = await page.getByRole('img', { name: 'Profile' }).getAttribute('src');
    const image = await fetch(photo);
    assert.equal(image.headers.get('content-type'), 'image/png');
  });

  test('a photo over 2 MB is refused before it is sent', async () => {
    const page = await newPage(browser);
    await register(page, { name: 'Big Photo', email: uniqueEmail('big') });
    await page.goto(`${stack.urls.shell}${paths.updateProfile}`);
    const uploads = [];
    page.on('request', (request) => {
      const uploading = new URL(request.url()).pathname.endsWith('/image-server/upload');
      if (uploading && request.method() === 'POST') uploads.push(request);
    });
    const photoFile = page.getByLabel('Profile photo file');
    await photoFile.setInputFiles({
      name: 'big.png',
      mimeType: 'image/png',
      buffer: Buffer.concat([PNG, Buffer.alloc(2_097_153)]),
    });
    await page.getByText('File size exceeds 2 MB. Please upload a smaller image.').waitFor();

    // A small photo after it is the only upload: by the time it has gone, an upload of the big
    // one would have been seen too.
    await photoFile.setInputFiles({ name: 'small.png', mimeType: 'image/png', buffer: PNG });
    await page.getByText('Image uploaded successfully!').waitFor();
    assert.equal(uploads.length, 1);
  });
});
