import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SkeinApp } from './app.js';

/** A listening server: its URL, and how to stop it. */
export interface ListeningServer {
  url: string;
  /**
   * Stops gracefully: no new connections or requests, event streams end, in-flight requests and the
   * runs this process drives get `graceMs` to finish. Resolves true when everything finished in time
   * (runs still going then are left as they are: resumable by any process once this one exits).
   */
  close(graceMs: number): Promise<boolean>;
}

/** Whether `host` is a loopback address (or `localhost`). */
export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}

/** Listens with the app on `host:port` (port 0: any free port). */
export async function listen(skeinApp: SkeinApp, host: string, port: number): Promise<ListeningServer> {
  const server = createServer(skeinApp.listener);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => (server.off('error', reject), resolve()));
  });
  const address = server.address() as AddressInfo;
  const shown = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  return {
    url: `http://${shown}:${address.port}`,
    async close(graceMs) {
      skeinApp.drain();
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<false>((resolve) => (timer = setTimeout(resolve, graceMs, false)));
      const requests = Promise.race([closed.then(() => true), deadline]);
      const runs = skeinApp.hub.drain(graceMs);
      // Connections that finished their last request meanwhile are closed as they go idle.
      const idle = setInterval(() => server.closeIdleConnections(), 50);
      try {
        const [requestsDone, runsDone] = await Promise.all([requests, runs]);
        return requestsDone && runsDone;
      } finally {
        clearInterval(idle);
        clearTimeout(timer);
        server.closeAllConnections();
        await skeinApp.experiments.close();
      }
    },
  };
}
