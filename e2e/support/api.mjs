/**
 * An ID token for the account, registering it (verified) the first time. An ADMIN_EMAILS
 * address's account already exists, made by the API at start-up: as its owner would, the test
 * sets its password from the reset link the API mailed.
 */
export async function signedInAccount(emulator, email, password, displayName) {
  try {
    return await emulator.signIn(email, password);
  } catch {
    return emulator.createUser(email, password, displayName, { emailVerified: true }).then(
      (created) => created.idToken,
      (error) => {
        if (!String(error).includes('EMAIL_EXISTS')) throw error;
        return emulator.setPasswordFromResetLink(email, password);
      },
    );
  }
}

/**
 * Calls the API as a given account, with a real ID token from the Auth emulator; used to set up
 * what an admin would have set up (packages, items) before a browser test.
 */
export async function apiAs(stack, email, password = 'secret123', displayName = 'E2E User') {
  const token = await signedInAccount(stack.emulator, email, password, displayName);
  const call = async (method, path, body) => {
    const response = await fetch(`${stack.urls.api}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    const data = text ? JSON.parse(text) : null;
    if (!response.ok) throw new Error(`${method} ${path} → ${response.status} ${text}`);
    return data;
  };
  await call('POST', '/api/create-user', { userName: displayName });
  return {
    get: (path) => call('GET', path),
    post: (path, body) => call('POST', path, body ?? {}),
    put: (path, body) => call('PUT', path, body ?? {}),
    delete: (path) => call('DELETE', path),
  };
}

/**
 * Signs the store's admin in (`adminEmail`, an ADMIN_EMAILS address of the stack) and puts one
 * package and one item on sale: what a stack of the browser tests sells.
 *
 * @param {{ urls: Record<string, string> }} stack
 * @param {string} adminEmail
 */
export async function putOnSale(stack, adminEmail) {
  const admin = await apiAs(stack, adminEmail, 'secret123', 'E2E Admin');
  const pkg = await admin.post('/add-package', {
    packageName: 'Starter Pack',
    price: 19,
    credit: 50,
    validity: 30,
  });
  const item = await admin.post('/api/items', {
    name: 'Accessible Swipe File',
    slug: 'accessible-swipe-file',
    price: 5,
    guidelines: 'Download and adapt.',
    accessUrl: 'https://files.example.com/a11y.pdf',
  });
  return { admin, pkg, item };
}
