import { isMap, isScalar, type Node } from 'yaml';
import type { Frontmatter } from './frontmatter.js';
import type { Reporter } from './reporter.js';
import { written } from './written.js';

/**
 * `metadata`: "a map from string keys to string values". Each value that is not text gets its own
 * warning, with the edit that quotes it as written (`version: 1.0` → `version: "1.0"`, not "1").
 */
export function checkMetadata(fm: Frontmatter, report: Reporter): void {
  const metadata = fm.values.metadata;
  const at = fm.keys.get('metadata')?.valueOffset ?? fm.offset;
  if (metadata === null || typeof metadata !== 'object' || Array.isArray(metadata)) {
    report.warn(
      'bad-metadata',
      'metadata must be a mapping of keys to text values, such as metadata: { author: example-org, version: "1.0" }',
      at,
    );
    return;
  }
  const node = fm.doc?.get('metadata', true) as Node | undefined;
  for (const [key, value] of Object.entries(metadata)) {
    if (typeof value === 'string') continue;
    const w = written(fm, ['metadata', key]);
    const text = w?.scalar ? w.text : JSON.stringify(value ?? '');
    const quoted = JSON.stringify(text);
    const fixable = w && !fm.repaired && isMap(node) && (w.scalar || isFlow(fm, w.start));
    const fix = fixable
      ? { start: w.start, end: w.end, text: `${w.start === w.end ? ' ' : ''}${quoted}` }
      : undefined;
    // A number or boolean is text as written to readers that take every scalar as text (the reference
    // validator's strictyaml); to YAML it is not, so `version: 1.0` may reach a client as 1.
    if (value !== null && typeof value !== 'object')
      report.info(
        'unquoted-metadata',
        `metadata "${key}" is read as the text "${text}" as written, but a YAML reader takes it for ${describe(value)}: quote it, ${key}: ${quoted}`,
        w?.start ?? at,
        w?.end,
        fix,
      );
    else
      report.warn(
        'bad-metadata',
        `metadata values must be text; "${key}" is ${describe(value)}: quote it, ${key}: ${quoted}`,
        w?.start ?? at,
        w?.end,
        fix,
      );
  }
  if (isMap(node))
    for (const pair of node.items)
      if (isScalar(pair.key) && typeof pair.key.value !== 'string' && pair.key.range)
        report.warn(
          'bad-metadata',
          `metadata keys must be text; quote ${String(pair.key.value)}: "${String(pair.key.value)}"`,
          fm.offset + pair.key.range[0],
          fm.offset + pair.key.range[1],
          fm.repaired
            ? undefined
            : {
                start: fm.offset + pair.key.range[0],
                end: fm.offset + pair.key.range[1],
                text: JSON.stringify(pair.key.source ?? String(pair.key.value)),
              },
        );
}

/** Whether a collection starts inline (`[a, b]`, `{a: b}`), so replacing it keeps the lines around it. */
function isFlow(fm: Frontmatter, start: number): boolean {
  return /^[[{]/.test(fm.yaml.slice(start - fm.offset));
}

function describe(value: unknown): string {
  if (value === null) return 'empty';
  if (Array.isArray(value)) return 'a list';
  return typeof value === 'object' ? 'a mapping' : `a ${typeof value}`;
}
