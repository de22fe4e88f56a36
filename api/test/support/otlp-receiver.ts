import { createServer, type Server } from 'node:http';
import { gunzipSync } from 'node:zlib';

type AnyValue = {
  stringValue?: string;
  intValue?: number | string;
  doubleValue?: number;
  boolValue?: boolean;
};
type KeyValue = { key: string; value: AnyValue };

/** One span as OTLP/JSON carries it (ids in hex). */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
  status: { code?: number; message?: string };
  resource: Record<string, string | number | boolean>;
}

/** One metric data point: a sum's value, or a histogram's count and sum. */
export interface ReceivedPoint {
  metric: string;
  attributes: Record<string, string | number | boolean>;
  value?: number;
  count?: number;
  sum?: number;
}

function valueOf(value: AnyValue): string | number | boolean {
  if (value.stringValue !== undefined) return value.stringValue;
  if (value.intValue !== undefined) return Number(value.intValue);
  if (value.doubleValue !== undefined) return value.doubleValue;
  if (value.boolValue !== undefined) return value.boolValue;
  return '';
}

const record = (pairs: KeyValue[] = []) =>
  Object.fromEntries(pairs.map(({ key, value }) => [key, valueOf(value)]));

export interface OtlpReceiver {
  /** The base URL, for OTEL_EXPORTER_OTLP_ENDPOINT. */
  url: string;
  spans: ReceivedSpan[];
  /** Every data point of every export, oldest first (sums are cumulative: the last is the total). */
  points: ReceivedPoint[];
  /** The headers of the latest export. */
  lastHeaders: Record<string, string | string[] | undefined>;
  stop(): Promise<void>;
}

/**
 * A collector's OTLP/HTTP receiver on 127.0.0.1, as the OpenTelemetry protocol specifies it for
 * JSON: `POST /v1/traces` and `POST /v1/metrics` answer 200 with an empty (fully successful)
 * export response, and what arrived is kept for the test to read.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const receiver: Omit<OtlpReceiver, 'url' | 'stop'> = { spans: [], points: [], lastHeaders: {} };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      let body = Buffer.concat(chunks);
      if (request.headers['content-encoding'] === 'gzip') body = gunzipSync(body);
      const known =
        request.method === 'POST' && ['/v1/traces', '/v1/metrics'].includes(request.url ?? '');
      if (!known || !String(request.headers['content-type']).startsWith('application/json')) {
        response.writeHead(request.method === 'POST' ? 415 : 404).end();
        return;
      }
      receiver.lastHeaders = request.headers;
      const payload = JSON.parse(body.toString('utf8')) as Record<string, unknown[]>;
      if (request.url === '/v1/traces') collectSpans(payload, receiver.spans);
      else collectPoints(payload, receiver.points);
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('The OTLP receiver has no port');
  return Object.assign(receiver, {
    url: `http://127.0.0.1:${address.port}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

type ResourceSpans = {
  resource?: { attributes?: KeyValue[] };
  scopeSpans?: {
    spans?: (Omit<ReceivedSpan, 'attributes' | 'resource'> & { attributes?: KeyValue[] })[];
  }[];
};

function collectSpans(payload: Record<string, unknown[]>, into: ReceivedSpan[]): void {
  for (const resourceSpans of (payload.resourceSpans ?? []) as ResourceSpans[]) {
    const resource = record(resourceSpans.resource?.attributes);
    for (const scope of resourceSpans.scopeSpans ?? []) {
      for (const span of scope.spans ?? []) {
        into.push({
          ...span,
          attributes: record(span.attributes),
          status: span.status ?? {},
          resource,
        });
      }
    }
  }
}

type DataPoint = {
  attributes?: KeyValue[];
  asInt?: number | string;
  asDouble?: number;
  count?: number | string;
  sum?: number;
};
type ResourceMetrics = {
  scopeMetrics?: {
    metrics?: {
      name: string;
      sum?: { dataPoints?: DataPoint[] };
      histogram?: { dataPoints?: DataPoint[] };
    }[];
  }[];
};

function collectPoints(payload: Record<string, unknown[]>, into: ReceivedPoint[]): void {
  for (const resourceMetrics of (payload.resourceMetrics ?? []) as ResourceMetrics[]) {
    for (const scope of resourceMetrics.scopeMetrics ?? []) {
      for (const metric of scope.metrics ?? []) {
        for (const point of metric.sum?.dataPoints ?? []) {
          into.push({
            metric: metric.name,
            attributes: record(point.attributes),
            value: Number(point.asInt ?? point.asDouble ?? 0),
          });
        }
        for (const point of metric.histogram?.dataPoints ?? []) {
          into.push({
            metric: metric.name,
            attributes: record(point.attributes),
            count: Number(point.count ?? 0),
            sum: point.sum,
          });
        }
      }
    }
  }
}
