import type { SourceText } from '../../ir/source.js';
import { FileReporter } from '../kit/reporter.js';

/** The codes of `skilldoc/…` diagnostics: tests and tools match on them, so each is stable. */
export type SkillDocCode =
  | 'bad-allowed-tools'
  | 'bad-chunk-id'
  | 'bad-chunk-tag'
  | 'bad-compatibility'
  | 'bad-frontmatter'
  | 'bad-license'
  | 'bad-metadata'
  | 'bad-name'
  | 'bad-version'
  | 'broken-link'
  | 'client-field'
  | 'compatibility-too-long'
  | 'description-too-long'
  | 'duplicate-chunk'
  | 'duplicate-part'
  | 'empty-chunk'
  | 'internal-error'
  | 'missing-chunk-description'
  | 'missing-chunk-id'
  | 'missing-description'
  | 'missing-frontmatter'
  | 'missing-name'
  | 'missing-section'
  | 'missing-title'
  | 'name-mismatch'
  | 'nested-chunk'
  | 'stray-chunk-close'
  | 'too-many-files'
  | 'unclosed-chunk'
  | 'unclosed-frontmatter'
  | 'unknown-chunk-attribute'
  | 'unknown-field'
  | 'unquoted-attribute'
  | 'unquoted-colon'
  | 'unquoted-metadata'
  | 'unreadable'
  | 'yaml';

/** Collects the diagnostics of one skill document, with `skilldoc/` codes. */
export class Reporter extends FileReporter<SkillDocCode> {
  constructor(src: SourceText) {
    super(src, 'skilldoc');
  }
}
