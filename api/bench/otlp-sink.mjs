// A collector's OTLP/HTTP receiver for the benchmark: accepts every export (POST /v1/traces,
// /v1/metrics) and answers as a collector does, without keeping it. In its own process, as a
// collector is, so receiving costs the API nothing. Prints `ready PORT`, then a count of what it
// received on SIGTERM.
import { createServer } from 'node:http';

let exports = 0;
let bytes = 0;
const server = createServer((request, response) => {
  request.on('data', (chunk) => (bytes += chunk.length));
  request.on('end', () => {
    exports += 1;
    response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`ready ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => {
  console.log(`received ${exports} exports, ${bytes} bytes`);
  server.close(() => process.exit(0));
});
