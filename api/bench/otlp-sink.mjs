// A collector's OTLP/HTTP receiver for the benchmark: accepts every export (POST /v1/traces,
// /v1/metrics) and answers as a collector does, without keeping it. In its own process, as a
// collector is, so receiving costs the API nothing. Prints `ready PORT`; GET /stats answers what
// it received so far ({ exports, bytes, spans }), so the benchmark can say whether every traced
// request's span arrived (a processor whose queue overflows drops spans, which would flatter
// the figures); the same counts are printed on SIGTERM.
import { createServer } from 'node:http';

const SPAN = '"spanId":"';
let exports = 0;
let bytes = 0;
let spans = 0;
const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/stats') {
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ exports, bytes, spans }));
    return;
  }
  const chunks = [];
  request.on('data', (chunk) => {
    bytes += chunk.length;
    chunks.push(chunk);
  });
  request.on('end', () => {
    exports += 1;
    if (request.url === '/v1/traces') {
      // A span's own id, once per span (a parent's is "parentSpanId"): counted, not parsed.
      const body = Buffer.concat(chunks).toString('latin1');
      for (let at = body.indexOf(SPAN); at >= 0; at = body.indexOf(SPAN, at + SPAN.length)) {
        spans += 1;
      }
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`ready ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => {
  console.log(`received ${exports} exports, ${bytes} bytes, ${spans} spans`);
  server.close(() => process.exit(0));
});
