import { coreSectionOf, type CoreSection } from './core-headings.js';
import type { Reporter } from './reporter.js';
import type { HeadingLine } from './scan-body.js';

const EXAMPLE: Record<CoreSection, string> = {
  overview: '"## Overview" with a short description of what the skill does',
  interface: '"## Interface" describing the input parameters and the output structure',
};

/**
 * The AgentOS spec's required core: a `# Title`, `## Overview` and `## Interface`, outside any chunk
 * (the agent always sees the core, never a chunk it has not loaded). Missing ones are warnings.
 */
export function checkCoreSections(
  headings: readonly HeadingLine[],
  insideChunk: (offset: number) => string | undefined,
  bodyStart: number,
  report: Reporter,
): void {
  const core = headings.filter((h) => insideChunk(h.offset) === undefined);
  if (!core.some((h) => h.level === 1))
    report.warn(
      'missing-title',
      'the core has no "# Title" heading; start the body with "# <Skill Title>"',
      bodyStart,
    );
  for (const section of Object.keys(EXAMPLE) as CoreSection[]) {
    if (core.some((h) => h.level === 2 && coreSectionOf(h.text) === section)) continue;
    const hidden = headings.find(
      (h) => coreSectionOf(h.text) === section && insideChunk(h.offset) !== undefined,
    );
    report.warn(
      'missing-section',
      hidden
        ? `the ${section} section is inside chunk "${insideChunk(hidden.offset)}", so the agent does not see it until it loads the chunk; move it out of the chunk into the core`
        : `the core has no ${section} section; add ${EXAMPLE[section]}`,
      hidden?.offset ?? bodyStart,
    );
  }
}
