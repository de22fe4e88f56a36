/**
 * Puts a signed-in user into the shell's session store, as the sign-in flow does once it has a
 * token and the user's record. Used by the platform tests, which check routing and federation,
 * not sign-in itself.
 */
export async function setSessionUser(page, profile) {
  // Wait until the shell has settled its own sign-in state, or it would overwrite ours.
  await page.waitForFunction(() => {
    const store = globalThis.__coldmailSessionStores?.[0];
    return store !== undefined && store.getState().status !== 'unknown';
  });
  await page.evaluate((record) => {
    const [store] = globalThis.__coldmailSessionStores;
    store.setState({
      status: 'signed-in',
      user: {
        uid: record._id,
        email: record.userEmail,
        displayName: record.userName,
        photoURL: null,
      },
    });
    globalThis.__coldmailRecord.write(record);
  }, profile);
}

export const adminProfile = {
  _id: 'admin-1',
  userName: 'Ada Admin',
  userEmail: 'ada@example.com',
  userRole: 'Admin',
  currentBalance: 7,
};

export const buyerProfile = {
  _id: 'buyer-1',
  userName: 'Bob Buyer',
  userEmail: 'bob@example.com',
  userRole: 'member',
  currentBalance: 3,
};
