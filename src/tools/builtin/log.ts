import { defineTool } from '../../runtime/index.js';

const LEVELS = ['info', 'warn', 'error', 'debug'];

/**
 * `log`: writes a line to the run's log (objects shown as JSON; levels other than info prefixed, as
 * `[warn] …`). Writes `logged: true`, `level` and `message` (the text logged).
 */
export const logTool = defineTool({
  name: 'log',
  description: 'Writes a message to the run log; level is info (default), warn, error or debug.',
  source: 'built-in',
  inputSchema: {
    type: 'object',
    properties: {
      message: { description: 'Text, or any value (shown as JSON)' },
      level: { type: 'string', enum: LEVELS, default: 'info' },
    },
    required: ['message'],
  },
  outputSchema: {
    type: 'object',
    properties: {
      logged: { type: 'boolean' },
      level: { type: 'string', enum: LEVELS },
      message: { type: 'string' },
    },
  },
  execute(input, ctx) {
    const level = (input.level as string | undefined) ?? 'info';
    const message = typeof input.message === 'string' ? input.message : (JSON.stringify(input.message) ?? '');
    ctx.log(level === 'info' ? message : `[${level}] ${message}`);
    return { logged: true, level, message };
  },
});
