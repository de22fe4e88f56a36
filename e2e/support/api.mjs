/**
 * Calls the API as a given account, with a real ID token from the Auth emulator; used to set up
 * what an admin would have set up (packages, items) before a browser test.
 */
export async function apiAs(stack, email, password = 'secret123', displayName = 'E2E User') {
  let token;
  try {
    token = await stack.emulator.signIn(email, password);
  } catch {
    ({ idToken: token } = await stack.emulator.createUser(email, password, displayName, {
      emailVerified: true,
    }));
  }
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
