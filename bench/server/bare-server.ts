import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';

// The peer of the throughput benchmark: a bare node:http server that reads a JSON body and answers the
// JSON that `POST /v1/skills/greet/runs` answers. Prints its URL, like `skein serve`.

const server = createServer((req, res) => {
  let body = '';
  req.setEncoding('utf8');
  req.on('data', (chunk) => (body += chunk));
  req.on('end', () => {
    const input = (JSON.parse(body || '{}') as { input?: { name?: string } }).input ?? {};
    const answer = JSON.stringify({
      runId: randomUUID(),
      status: 'completed',
      output: { greeting: `Hello, ${input.name}!` },
    });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
    res.end(answer);
  });
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address() as { port: number };
  process.stdout.write(`bare serving http://127.0.0.1:${address.port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
