import { ServerTiming } from './server-timing';

describe('ServerTiming', () => {
  it('adds up each outside call and reports the rest as the app share', async () => {
    const timing = new ServerTiming();
    const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    await timing.measure('paypal', () => pause(20));
    await expect(timing.measure('paypal', () => Promise.reject(new Error('x')))).rejects.toThrow();
    const header = timing.header(100);
    const paypal = Number(/paypal;dur=([\d.]+);desc="2 calls"/.exec(header)?.[1]);
    const app = Number(/app;dur=([\d.]+)/.exec(header)?.[1]);
    expect(paypal).toBeGreaterThanOrEqual(19);
    expect(app).toBeCloseTo(100 - paypal, 0);
    expect(header).toMatch(/total;dur=100\.0$/);
  });

  it('reports only app and total when nothing was called', () => {
    expect(new ServerTiming().header(3.14159)).toBe('app;dur=3.1, total;dur=3.1');
  });
});
