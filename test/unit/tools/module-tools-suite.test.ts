// Tools of a TS/JS tools module, through the host's tool service, against the tools' conformance suite.
import { join } from 'node:path';
import { loadToolModules, ToolRegistry, toolService } from '../../../src/tools/index.js';
import { runToolSuite } from '../../../src/runtime/ports/conformance/index.js';
import { ROOT } from '../../helpers/paths.js';

runToolSuite(
  async () => {
    const registry = new ToolRegistry();
    for (const tool of await loadToolModules([join(ROOT, 'test/fixtures/conformance/tools/tools.mjs')]))
      registry.register(tool);
    return {
      tools: toolService(registry, { workspace: '/nonexistent' }),
      three: { value: 3 },
      failing: 'explode',
    };
  },
  { name: 'module' },
);
