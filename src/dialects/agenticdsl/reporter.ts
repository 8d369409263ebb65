import type { SourceText } from '../../ir/source.js';
import { FileReporter } from '../kit/reporter.js';

/** The codes of `agenticdsl/…` diagnostics: tests and tools match on them, so each is stable. */
export type AgenticDslCode =
  | 'yaml'
  | 'unquoted-template'
  | 'any-of'
  | 'bad-field'
  | 'bad-path'
  | 'block-language'
  | 'budget'
  | 'codelet-missing-main'
  | 'cycle'
  | 'dead-end'
  | 'duplicate-id'
  | 'entry-has-predecessors'
  | 'heading-level'
  | 'heading-path'
  | 'meta-list'
  | 'meta-input-schema'
  | 'ignored-field'
  | 'ignored-next'
  | 'missing-begin-marker'
  | 'missing-block'
  | 'missing-end'
  | 'missing-end-marker'
  | 'missing-entry'
  | 'missing-field'
  | 'missing-heading'
  | 'missing-markers'
  | 'missing-type'
  | 'no-blocks'
  | 'no-nodes'
  | 'not-a-mapping'
  | 'outside-markers'
  | 'route-without-targets'
  | 'template'
  | 'templated-next'
  | 'trailing-slash'
  | 'unclosed-block'
  | 'unknown-codelet'
  | 'unknown-field'
  | 'unknown-target'
  | 'unknown-type'
  | 'unreachable'
  | 'unsupported-runtime';

/** Collects the diagnostics of one AgenticDSL file, with `agenticdsl/` codes. */
export class Reporter extends FileReporter<AgenticDslCode> {
  constructor(src: SourceText) {
    super(src, 'agenticdsl');
  }
}
