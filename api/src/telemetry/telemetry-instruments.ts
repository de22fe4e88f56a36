import type { Counter, Histogram, Meter, UpDownCounter } from '@opentelemetry/api';

/** Where the API's own instruments are. */
export interface Instruments {
  requestDuration: Histogram;
  payments: Counter;
  paymentAmount: Counter;
  creditsSold: Counter;
  creditsSpent: UpDownCounter;
  generationDuration: Histogram;
  geminiFailures: Counter;
}

/** The API's metrics (README, "Traces and metrics"). */
export function instrumentsOf(meter: Meter): Instruments {
  return {
    // OpenTelemetry's HTTP convention: its count is the requests, `error.type` marks the errors.
    requestDuration: meter.createHistogram('http.server.request.duration', {
      unit: 's',
      description: 'Requests answered, by endpoint and status, and how long each took',
      advice: {
        explicitBucketBoundaries: [
          0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30,
        ],
      },
    }),
    payments: meter.createCounter('coldmail.payments', {
      description:
        'Orders paid, and refunds (whole or partial), by kind (package or item) and currency',
    }),
    paymentAmount: meter.createCounter('coldmail.payments.amount', {
      unit: '{cent}',
      description: 'Money paid and refunded, in cents of its currency',
    }),
    creditsSold: meter.createCounter('coldmail.credits.sold', {
      unit: '{credit}',
      description: 'Credits added to balances by paid package orders',
    }),
    creditsSpent: meter.createUpDownCounter('coldmail.credits.spent', {
      unit: '{credit}',
      description: 'Credits taken by generations, less those given back for failed ones',
    }),
    generationDuration: meter.createHistogram('coldmail.generation.duration', {
      unit: 's',
      description: 'Time to generate an email, by outcome',
      advice: { explicitBucketBoundaries: [0.25, 0.5, 1, 2, 4, 8, 15, 30, 60] },
    }),
    geminiFailures: meter.createCounter('coldmail.gemini.failures', {
      description: 'Gemini calls that failed, by key and kind of failure',
    }),
  };
}
