import { parseYamlBlock as parseBlock, type YamlBlock, type YamlHints } from '../kit/yaml-block.js';
import type { Reporter } from './reporter.js';

const HINTS: YamlHints = {
  opens: /\{\{/,
  quote: 'a value that starts with {{ must be quoted: key: "{{var}}"',
  meant: 'a template',
  aliases: 'write the value out instead of using an alias (*name)',
};

/** Parses the YAML of a fenced block of an Aegis file (see the kit's `parseYamlBlock`). */
export function parseYamlBlock(content: string, base: number, report: Reporter): YamlBlock | undefined {
  return parseBlock(content, base, report.src.text, report, HINTS);
}
