import type { SourceText } from '../../ir/source.js';
import { FileReporter } from '../kit/reporter.js';

/** The codes of `skilljson/…` diagnostics: tests and tools match on them, so each is stable. */
export type SkillJsonCode =
  | 'missing-field'
  | 'unknown-field'
  | 'bad-depends'
  | 'bad-expression'
  | 'bad-field'
  | 'bad-json'
  | 'bad-schema'
  | 'bad-step-name'
  | 'code-ignored'
  | 'depends-cycle'
  | 'duplicate-call'
  | 'duplicate-key'
  | 'duplicate-step'
  | 'empty-pipeline'
  | 'input-not-object'
  | 'missing-implementation'
  | 'missing-prompt'
  | 'not-an-object'
  | 'other-schema'
  | 'output-mapping-ignored'
  | 'pipeline-ignored'
  | 'step-not-finished'
  | 'undeclared-call'
  | 'unknown-input-field'
  | 'unknown-step'
  | 'unknown-step-field'
  | 'unknown-variable'
  | 'unquoted-fallback'
  | 'unreadable'
  | 'unused-call'
  | 'version-not-semver';

/** Collects the diagnostics of one skill (skill.json and its prompt.md), with `skilljson/` codes. */
export class Reporter extends FileReporter<SkillJsonCode> {
  constructor(src: SourceText) {
    super(src, 'skilljson');
  }
}
