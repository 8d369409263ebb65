import { defineCommand } from '../command-spec.js';

/** `skein serve`. */
export const serveSpec = defineCommand({
  name: 'serve',
  args: '',
  summary: 'the HTTP API (/v1, /openapi.json) until SIGTERM or SIGINT',
  details: [
    'Tokens from SKEIN_API_TOKENS or server.tokens (needed to listen beyond loopback).',
    'With a PostgreSQL store, runs go through its queue; this server drives them too unless --no-worker.',
  ],
  options: {
    port: { type: 'string', value: 'N', help: 'the port (default 8787; 0 picks a free one)' },
    host: { type: 'string', value: 'HOST', help: 'the address to listen on (default 127.0.0.1)' },
    quiet: { type: 'boolean', help: 'no access log' },
    watch: { type: 'boolean', help: 'reload the skills when files change under the skills path' },
    'no-worker': {
      type: 'boolean',
      help: 'PostgreSQL store: drive no runs here, leave them to skein worker processes',
    },
    json: { type: 'boolean', help: 'print {"url"} as one JSON line once listening' },
  },
  completes: 'none',
});
