import type { SourceText } from '../../ir/source.js';
import { FileReporter } from '../kit/reporter.js';

/** Collects the diagnostics of one skill (skill.json and its prompt.md), with `skilljson/` codes. */
export class Reporter extends FileReporter {
  constructor(src: SourceText) {
    super(src, 'skilljson');
  }
}
