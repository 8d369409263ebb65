// The Python sandbox against the code runner's conformance suite.
import { createPythonSandbox } from '../../../src/code/python/index.js';
import { runCodeRunnerSuite } from '../../../src/runtime/ports/conformance/index.js';
import { python, TEST_SNAPSHOTS } from '../../helpers/python.js';

runCodeRunnerSuite(
  async () => {
    const sandbox = createPythonSandbox({ workers: 1, snapshotDir: TEST_SNAPSHOTS });
    return { runner: sandbox, close: () => sandbox.close() };
  },
  {
    echo: python('def main(c):\n    return {"echo": c}'),
    throws: python('def main(c):\n    raise ValueError("boom: the program raised")'),
    waits: python('import time\ndef main(c):\n    time.sleep(60)\n    return {"late": True}'),
  },
  { name: 'Python sandbox' },
);
