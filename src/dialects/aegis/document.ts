import { parseAttributes, type Attribute } from './attributes.js';
import type { Reporter } from './reporter.js';
import { scanMarkdown, type Block, type Fence, type Frontmatter } from './scan.js';

export interface SectionDoc {
  /** Lower-cased name (`input_schema`, `capabilitytags`, …). */
  key: string;
  offset: number;
  blocks: Block[];
}

export interface StepDoc {
  name: string;
  offset: number;
  nameOffset: number;
  attrs: Attribute[];
  fences: Fence[];
}

/** The outline of an Aegis file: header, sections, steps; nothing interpreted yet. */
export interface AegisDocument {
  id?: string;
  idOffset: number;
  frontmatter?: Frontmatter;
  headerAttrs: Attribute[];
  sections: Map<string, SectionDoc>;
  steps: StepDoc[];
}

const KNOWN_SECTIONS = new Set([
  'description',
  'capabilitytags',
  'aliases',
  'intent',
  'input_schema',
  'output_schema',
  'steps',
  'version',
  'input',
  'output',
]);
/** Header attributes that older files also put inside a section (`## version` then `**description**:`). */
const HEADER_KEYS = new Set(['version', 'description']);
const HEADER = /^skill\s*[:：]\s*(.*)$/i;
const STEP = /^step\s*[:：]\s*(.*)$/i;

const FRONTMATTER_ID = /^id[ \t]*:/m;

/**
 * Splits an Aegis file into header, sections and steps, reporting structural problems. A frontmatter
 * `id` (an older form, read by the header) stands in for the `# skill:` heading, as in the Java engine.
 */
export function outlineAegis(text: string, report: Reporter): AegisDocument {
  const { frontmatter, blocks } = scanMarkdown(text);
  const doc: AegisDocument = { idOffset: 0, frontmatter, headerAttrs: [], sections: new Map(), steps: [] };
  const idInFrontmatter = frontmatter !== undefined && FRONTMATTER_ID.test(frontmatter.content);
  let section: SectionDoc | undefined;
  let step: StepDoc | undefined;
  let sawHeader = false;

  for (const block of blocks) {
    if (block.kind === 'heading') {
      if (block.level === 1 && !sawHeader) {
        sawHeader = true;
        const m = HEADER.exec(block.text.trim());
        if (!m && idInFrontmatter) continue;
        if (!m) {
          report.error(
            'bad-header',
            `the first heading must be "# skill: <id>", found "# ${block.text.trim()}"`,
            block.offset,
            block.textOffset + block.text.length,
          );
        } else if (!m[1].trim()) {
          report.error(
            'missing-id',
            'the header "# skill:" names no skill id; write "# skill: my_skill"',
            block.textOffset,
          );
        } else {
          doc.id = m[1].trim();
          doc.idOffset = block.textOffset + block.text.indexOf(m[1].trim());
        }
        continue;
      }
      if (block.level === 2) {
        step = undefined;
        const key = block.text.trim().toLowerCase();
        if (doc.sections.has(key)) {
          report.error(
            'duplicate-section',
            `section "## ${block.text.trim()}" appears twice; merge them`,
            block.offset,
          );
          section = undefined;
          continue;
        }
        if (!KNOWN_SECTIONS.has(key))
          report.warn(
            'unknown-section',
            `unknown section "## ${block.text.trim()}" is ignored (known: description, capabilityTags, aliases, input_schema, output_schema, steps)`,
            block.offset,
          );
        section = { key, offset: block.offset, blocks: [] };
        doc.sections.set(key, section);
        continue;
      }
      if (block.level === 3 && section?.key === 'steps') {
        const m = STEP.exec(block.text.trim());
        if (!m) {
          report.error(
            'bad-step-heading',
            `a step heading must read "### step: <name>", found "### ${block.text.trim()}"`,
            block.offset,
          );
          step = undefined;
          continue;
        }
        const name = m[1].trim();
        step = {
          name,
          offset: block.offset,
          nameOffset: block.textOffset + block.text.indexOf(name),
          attrs: [],
          fences: [],
        };
        doc.steps.push(step);
        continue;
      }
    }
    if (step) {
      if (block.kind === 'fence') step.fences.push(block);
      else if (block.kind === 'text') step.attrs.push(...parseAttributes(block.text, block.offset, true));
    } else if (section) {
      const attrs =
        block.kind === 'text' && section.key !== 'steps'
          ? parseAttributes(block.text, block.offset, false)
          : [];
      if (attrs.length && attrs.every((a) => HEADER_KEYS.has(a.key))) doc.headerAttrs.push(...attrs);
      else section.blocks.push(block);
    } else if (block.kind === 'text' && sawHeader) {
      doc.headerAttrs.push(...parseAttributes(block.text, block.offset, false));
    }
  }
  if (!sawHeader && !idInFrontmatter)
    report.error('missing-header', 'no "# skill: <id>" header; every Aegis skill starts with one', 0);
  return doc;
}
