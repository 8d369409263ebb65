import { createPythonSandbox } from './src/code/python/index.js';
import { python, TEST_SNAPSHOTS } from './test/helpers/python.js';
const sb = createPythonSandbox({ workers: 1, snapshotDir: TEST_SNAPSHOTS, timeoutMs: 60000 });
const src = 'import json\ndef main(c):\n    return {"text": json.dumps({"a": [1, 2]})}';
for (const s of [src, src, 'import json\ndef main(c):\n    json.dumps = 1\n    return 1', src, src, 'def main(c):\n    raise ValueError("x")', src]) {
  const t = performance.now();
  const r = await sb.run(python(s), {}).catch((e) => e.message.split('\n')[0]);
  console.log(Math.round(performance.now() - t), 'ms', JSON.stringify(r), JSON.stringify(sb.stats()));
}
await sb.close();
