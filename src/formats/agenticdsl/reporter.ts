import type { SourceText } from '../../ir/source.js';
import { FileReporter } from '../kit/reporter.js';

/** Collects the diagnostics of one AgenticDSL file, with `agenticdsl/` codes. */
export class Reporter extends FileReporter {
  constructor(src: SourceText) {
    super(src, 'agenticdsl');
  }
}
