import type { SourceText } from '../../ir/source.js';
import { FileReporter } from '../kit/reporter.js';

/** Collects the diagnostics of one Aegis file, with `aegis/` codes. */
export class Reporter extends FileReporter {
  constructor(src: SourceText) {
    super(src, 'aegis');
  }
}
