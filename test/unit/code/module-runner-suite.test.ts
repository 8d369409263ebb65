// The TS/JS module runner against the code runner's conformance suite.
import { join } from 'node:path';
import { createModuleRunner } from '../../../src/code/modules/module-runner.js';
import type { CodeSpec } from '../../../src/ir/nodes.js';
import { runCodeRunnerSuite } from '../../../src/runtime/ports/conformance/index.js';
import { ROOT } from '../../helpers/paths.js';

const program = (name: string): CodeSpec => ({
  language: 'javascript',
  file: join(ROOT, 'test/fixtures/conformance/code', `${name}.mjs`),
  entry: 'execute',
});

runCodeRunnerSuite(
  async () => ({
    runner: createModuleRunner({
      memory: () => {
        throw new Error('the conformance programs use no memory');
      },
      config: { home: '/nonexistent', workspace: '/nonexistent', skills: [] },
      session: { id: 'suite', messages: [] },
    }),
  }),
  {
    echo: program('echo'),
    throws: program('throws'),
    waits: program('waits'),
    calls: program('calls'),
    logs: program('logs'),
  },
  { name: 'TS/JS module' },
);
