import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Scope, ValueExpr } from '../../../src/ir/expr.js';
import type { Node } from '../../../src/ir/nodes.js';
import type { Skill } from '../../../src/ir/skill.js';
import { Runtime } from '../../../src/runtime/index.js';
import { createPythonSandbox } from '../../../src/code/python/index.js';
import { MemoryRunStore } from '../../../src/store/in-memory.js';
import { lines, python, TEST_SNAPSHOTS } from '../../helpers/python.js';

// The sandbox as the runtime's `code.python` service, with a graph as a front end would build it:
// a codelet whose dict merges into the context, then a dynamic route decided by a Python resolver.
const sandbox = createPythonSandbox({ workers: 1, snapshotDir: TEST_SNAPSHOTS });
after(() => sandbox.close());
const runtime = new Runtime({ store: new MemoryRunStore(), code: { python: sandbox } });

const wholeContext: ValueExpr = { refs: [], evaluate: (s: Scope) => s };
const end = (id: string): Node => ({ kind: 'end', id, output: wholeContext });

function graphSkill(validate: string): Skill {
  const nodes: Node[] = [
    { kind: 'code', id: 'validate', code: python(validate), input: wholeContext, output: { merge: [] } },
    {
      kind: 'route',
      id: 'dispatch',
      resolver: python(
        'def main(context):\n    return {"next": ["accept" if context["is_valid"] else "reject"]}',
      ),
      input: wholeContext,
      targets: { accept: 'accepted', reject: 'rejected' },
      fallback: [],
    },
    end('accepted'),
    end('rejected'),
  ];
  const edges = [
    { from: 'validate', to: 'dispatch' },
    { from: 'dispatch', to: 'accepted' },
    { from: 'dispatch', to: 'rejected' },
  ];
  return {
    id: 'codelets',
    version: '1.0.0',
    dialect: 'agenticdsl',
    description: '',
    tags: [],
    source: 'memory',
    input: { type: 'object' },
    output: { type: 'object' },
    inputAt: [],
    graph: { nodes, edges, entry: 'validate' },
  };
}

const VALIDATE = lines(
  'def main(context):',
  '    email = context.get("user_email", "")',
  '    if "@" in email and "." in email:',
  '        return {"is_valid": True, "normalized": email.lower()}',
  '    return {"is_valid": False}',
);

test('a codelet merges its dict into the context and a Python resolver picks the next node', async () => {
  const valid = await runtime.start(graphSkill(VALIDATE), { user_email: 'Ana@Example.com' });
  assert.deepEqual(valid, {
    runId: valid.runId,
    status: 'completed',
    output: { user_email: 'Ana@Example.com', is_valid: true, normalized: 'ana@example.com' },
  });
  const invalid = await runtime.start(graphSkill(VALIDATE), { user_email: 'nobody' });
  assert.deepEqual(invalid.output, { user_email: 'nobody', is_valid: false });
});

test("a failing codelet fails the run with Python's report in the error", async () => {
  const r = await runtime.start(
    graphSkill('def main(context):\n    return {"is_valid": context["missing"]}'),
    {},
  );
  assert.equal(r.status, 'failed');
  assert.equal(r.error?.step, 'validate');
  assert.equal(
    r.error?.message,
    lines(
      'step "validate" failed: KeyError: \'missing\'',
      'Traceback (most recent call last):',
      '  File "<code>", line 2, in main',
      '    return {"is_valid": context["missing"]}',
    ),
  );
});
