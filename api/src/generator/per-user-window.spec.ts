import { PerUserWindow } from './per-user-window';

describe('PerUserWindow', () => {
  let now: number;
  const clock = () => now;
  beforeEach(() => {
    now = 1_000_000;
  });

  it('allows `limit` starts per user in a window, then refuses without recording', () => {
    const window = new PerUserWindow(2, 60_000, 1000, clock);
    expect(window.tryStart('a')).toBe(true);
    expect(window.tryStart('a')).toBe(true);
    expect(window.tryStart('a')).toBe(false);
    // Another user has their own allowance.
    expect(window.tryStart('b')).toBe(true);
    // A refusal is not a start: the first start leaving the window frees a slot.
    now += 59_999;
    expect(window.tryStart('a')).toBe(false);
    now += 1;
    expect(window.tryStart('a')).toBe(true);
    expect(window.tryStart('a')).toBe(true);
    expect(window.tryStart('a')).toBe(false);
  });

  it('slides: starts spread over the window count until each is a window old', () => {
    const window = new PerUserWindow(2, 60_000, 1000, clock);
    expect(window.tryStart('a')).toBe(true);
    now += 30_000;
    expect(window.tryStart('a')).toBe(true);
    now += 29_999;
    expect(window.tryStart('a')).toBe(false);
    now += 1; // the first start is now a window old
    expect(window.tryStart('a')).toBe(true);
    expect(window.tryStart('a')).toBe(false);
  });

  it('forgets users idle for a window once it holds the sweep size, and keeps active ones', () => {
    const window = new PerUserWindow(1, 60_000, 10, clock);
    for (let user = 0; user < 9; user += 1) expect(window.tryStart(`idle-${user}`)).toBe(true);
    now += 30_000;
    expect(window.tryStart('active')).toBe(true);
    expect(window.size).toBe(10);
    now += 30_000; // the idle users' starts are a window old; the active user's is not
    expect(window.tryStart('new')).toBe(true);
    expect(window.size).toBe(2);
    // The active user is still limited: their start was kept.
    expect(window.tryStart('active')).toBe(false);
  });

  it('stays bounded under a stream of one-off users', () => {
    const window = new PerUserWindow(5, 60_000, 100, clock);
    for (let user = 0; user < 10_000; user += 1) {
      expect(window.tryStart(`user-${user}`)).toBe(true);
      now += 1_000; // 60 users per window
    }
    // 10,000 users came, 60 in any window: at most the sweep size, or twice the users active
    // at the last sweep, is remembered.
    expect(window.size).toBeGreaterThanOrEqual(60);
    expect(window.size).toBeLessThanOrEqual(120);
  });

  it('does not sweep on every call when many users are active at once', () => {
    const window = new PerUserWindow(1, 60_000, 10, clock);
    for (let user = 0; user < 25; user += 1) expect(window.tryStart(`user-${user}`)).toBe(true);
    // All active: nobody is forgotten, and every one is still limited.
    expect(window.size).toBe(25);
    for (let user = 0; user < 25; user += 1) expect(window.tryStart(`user-${user}`)).toBe(false);
  });
});
