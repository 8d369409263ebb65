import type { SourceText } from '../../ir/source.js';
import { FileReporter } from '../kit/reporter.js';

/** The codes of `aegis/…` diagnostics: tests and tools match on them, so each is stable. */
export type AegisCode =
  | 'yaml'
  | 'unquoted-template'
  | 'bad-header'
  | 'bad-input'
  | 'bad-options'
  | 'bad-required'
  | 'bad-step-heading'
  | 'bad-template'
  | 'bad-validation'
  | 'bad-varname'
  | 'bad-version'
  | 'bad-when'
  | 'defined-later'
  | 'duplicate-attribute'
  | 'duplicate-block'
  | 'duplicate-section'
  | 'duplicate-step'
  | 'duplicate-when'
  | 'empty-output-schema'
  | 'field-without-type'
  | 'fields-not-map'
  | 'id-mismatch'
  | 'items-on-non-array'
  | 'missing-block'
  | 'missing-header'
  | 'missing-id'
  | 'missing-input'
  | 'missing-input-schema'
  | 'missing-message'
  | 'missing-output-schema'
  | 'missing-schema-block'
  | 'missing-steps'
  | 'missing-tool'
  | 'missing-type'
  | 'missing-varname'
  | 'nonstandard-type'
  | 'older-form'
  | 'output-not-produced'
  | 'reserved-subfield'
  | 'reserved-word'
  | 'schema-block-language'
  | 'step-reference'
  | 'subfield-on-scalar'
  | 'unclosed-fence'
  | 'undeclared-outputs'
  | 'undefined-variable'
  | 'unknown-attribute'
  | 'unknown-block'
  | 'unknown-key'
  | 'unknown-section'
  | 'unknown-step-type'
  | 'unknown-type'
  | 'unknown-validation'
  | 'varname-conflict'
  | 'yaml'
  | 'yaml-not-map';

/** Collects the diagnostics of one Aegis file, with `aegis/` codes. */
export class Reporter extends FileReporter<AegisCode> {
  constructor(src: SourceText) {
    super(src, 'aegis');
  }
}
