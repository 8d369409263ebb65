import { createReadStream, existsSync } from 'node:fs';
import { createServer } from 'node:http';
import { join, normalize } from 'node:path';

// Serves a folder of prebuilt binaries the way GitHub's release downloads serve better-sqlite3's
// (`/v<version>/<name>-v<version>-node-v<abi>-<platform>-<arch>.tar.gz`), for the install benchmark on a
// machine that cannot reach GitHub. Prints its URL.
const root = process.argv[2]!;
const server = createServer((req, res) => {
  const file = join(root, normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
  if (!file.startsWith(root) || !existsSync(file)) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': 'application/gzip' });
  createReadStream(file).pipe(res);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${(server.address() as { port: number }).port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
