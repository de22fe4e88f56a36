/**
 * Time spent in named outside calls during one request (e.g. 'paypal'), for the Server-Timing
 * response header: `paypal;dur=41.2, app;dur=6.3, total;dur=47.5`. `app` is the request's total
 * minus the outside calls: the API's own share, which the orders benchmark reports.
 */
export class ServerTiming {
  private readonly spent = new Map<string, { ms: number; calls: number }>();

  async measure<T>(name: string, work: () => Promise<T>): Promise<T> {
    const started = performance.now();
    try {
      return await work();
    } finally {
      const entry = this.spent.get(name) ?? { ms: 0, calls: 0 };
      entry.ms += performance.now() - started;
      entry.calls += 1;
      this.spent.set(name, entry);
    }
  }

  /** The header value, given the request's total time so far (Fastify's reply.elapsedTime). */
  header(totalMs: number): string {
    let outside = 0;
    const metrics: string[] = [];
    for (const [name, { ms, calls }] of this.spent) {
      outside += ms;
      metrics.push(`${name};dur=${ms.toFixed(1)};desc="${calls} calls"`);
    }
    metrics.push(`app;dur=${Math.max(0, totalMs - outside).toFixed(1)}`);
    metrics.push(`total;dur=${totalMs.toFixed(1)}`);
    return metrics.join(', ');
  }
}
