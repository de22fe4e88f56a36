import { ServerTiming } from './server-timing';

describe('ServerTiming', () => {
  // The clock (performance.now included) moves only when a test says so.
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  /** An outside call that takes `ms` on the fake clock, then settles as told. */
  const outsideCall =
    (ms: number, outcome: 'resolves' | 'rejects' = 'resolves') =>
    async () => {
      jest.advanceTimersByTime(ms);
      if (outcome === 'rejects') throw new Error('PayPal is down');
    };

  it('adds up each outside call, failed ones too, and reports the rest as the app share', async () => {
    const timing = new ServerTiming();
    await timing.measure('paypal', outsideCall(20));
    await expect(timing.measure('paypal', outsideCall(12.5, 'rejects'))).rejects.toThrow(
      'PayPal is down',
    );
    await timing.measure('gemini', outsideCall(40));
    expect(timing.header(100)).toBe(
      'paypal;dur=32.5;desc="2 calls", gemini;dur=40.0;desc="1 calls", app;dur=27.5, total;dur=100.0',
    );
  });

  it('never reports a negative app share', async () => {
    const timing = new ServerTiming();
    await timing.measure('paypal', outsideCall(50));
    expect(timing.header(49.9)).toBe('paypal;dur=50.0;desc="1 calls", app;dur=0.0, total;dur=49.9');
  });

  it('reports only app and total when nothing was called', () => {
    expect(new ServerTiming().header(3.14159)).toBe('app;dur=3.1, total;dur=3.1');
  });
});
