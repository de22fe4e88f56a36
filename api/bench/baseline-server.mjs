// The baseline: a bare node:http server answering every GET with a fixed JSON body (argv[2]),
// the floor any framework adds cost on top of. Prints `ready PORT` when listening.
import { createServer } from 'node:http';

const body = process.argv[2] ?? '{}';
const server = createServer((_request, response) => {
  response.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(body),
  });
  response.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  console.log(`ready ${typeof address === 'object' && address ? address.port : 0}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
