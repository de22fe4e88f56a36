import type { UserRecord } from '@coldmail/contracts';
import { createQueryClient, QueryObserver } from '@coldmail/query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { connectQueryCache } from './api';
import { ApiError } from './api-error';
import { currentMe, meKey } from './me';
import { sessionActions } from './store';

/** The fields these tests read; the rest of a record plays no part here. */
const userRecord = (overrides: Partial<UserRecord>) =>
  ({
    _id: '1',
    userEmail: 'a@b.c',
    userRole: 'member',
    currentBalance: 0,
    ...overrides,
  }) as UserRecord;

const signIn = (uid: string, email: string) =>
  sessionActions.signedIn({ uid, email, displayName: null, photoURL: null });

/** As the shell keeps it: an observer of the record's query with the loader given. */
function watchRecord(email: string, load: () => Promise<UserRecord>) {
  const queryClient = createQueryClient();
  connectQueryCache(queryClient);
  const observer = new QueryObserver(queryClient, { queryKey: meKey(email), queryFn: load });
  observer.subscribe(() => undefined);
  return { queryClient, observer };
}

describe("the signed-in user's record", () => {
  beforeEach(() => sessionActions.signedOut());

  it('is one query, which a write that makes users stale refreshes', async () => {
    signIn('u1', 'a@b.c');
    let balance = 5;
    const { queryClient } = watchRecord('a@b.c', async () =>
      userRecord({ currentBalance: balance }),
    );
    await vi.waitFor(() => expect(currentMe()?.currentBalance).toBe(5));

    balance = 4;
    // What the typed client does after a generation (its entry makes users and credits stale).
    await queryClient.invalidateQueries({ queryKey: ['users'] });
    expect(currentMe()?.currentBalance).toBe(4);
  });

  it('is not shown to another account that signs in', async () => {
    signIn('u1', 'a@b.c');
    watchRecord('a@b.c', async () => userRecord({ userRole: 'Admin' }));
    await vi.waitFor(() => expect(currentMe()?.userRole).toBe('Admin'));
    signIn('u2', 'x@y.z');
    expect(currentMe()).toBeNull();
  });

  it('is unknown, not empty, when it could not be loaded', async () => {
    signIn('u1', 'a@b.c');
    const { observer } = watchRecord('a@b.c', () =>
      Promise.reject(new ApiError('Server error', 500)),
    );
    await vi.waitFor(() => expect(observer.getCurrentResult().status).toBe('error'));
    expect(currentMe()).toBeNull();
  });
});
