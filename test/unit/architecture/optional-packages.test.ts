// The optional parts of a lean install: the table Skein reads (doctor, "install X to use Y") agrees
// with package.json, and the packages are imported only where first use loads them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import semver from 'semver';
import { OPTIONAL_FEATURES } from '../../../src/ir/optional-packages.js';
import { ROOT } from '../../helpers/paths.js';

const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional?: boolean }>;
};
const optional = OPTIONAL_FEATURES.flatMap((f) => f.packages);

test('every optional peer dependency belongs to one feature, and every feature package is one', () => {
  assert.deepEqual([...optional].sort(), Object.keys(pkg.peerDependencies).sort());
  assert.equal(new Set(optional).size, optional.length);
  for (const name of optional) {
    assert.equal(pkg.peerDependenciesMeta[name]?.optional, true, name);
    assert.ok(pkg.devDependencies[name], `${name} is a development dependency, so tests have it`);
    assert.equal(pkg.dependencies[name], undefined, `${name} is not a dependency`);
  }
});

test('what doctor tells users to install fits the peer ranges', () => {
  for (const feature of OPTIONAL_FEATURES)
    for (const spec of feature.install ?? feature.packages) {
      const at = spec.lastIndexOf('@');
      const [name, version] = at > 0 ? [spec.slice(0, at), spec.slice(at + 1)] : [spec, undefined];
      assert.ok(feature.packages.includes(name), spec);
      if (version) assert.ok(semver.intersects(version, pkg.peerDependencies[name]!), spec);
    }
});

/** Files that may import an optional package for its values: each is loaded only through importOptional or a worker. */
const LOADED_ON_FIRST_USE = [
  'src/trace/otlp-export.ts',
  'src/code/python/worker.ts',
  'src/store/postgres/',
  'src/evals/stores/postgres.ts',
];

test('optional packages are imported (for values) only by the files first use loads', () => {
  const names = optional.map((n) => n.replace(/[/.]/g, '\\$&')).join('|');
  const staticImport = new RegExp(`^import (?!type )[^;]*from '(${names})(/[^']*)?';`, 'm');
  const offenders: string[] = [];
  for (const file of sources(join(ROOT, 'src'))) {
    const path = relative(ROOT, file);
    if (LOADED_ON_FIRST_USE.some((p) => path.startsWith(p))) continue;
    if (staticImport.test(readFileSync(file, 'utf8'))) offenders.push(path);
  }
  assert.deepEqual(offenders, []);
});

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}
