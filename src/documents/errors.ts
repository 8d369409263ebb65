import { SkeinError } from '../errors/index.js';
/** A document skill or a part of one that does not exist; the message names what does. */
export class DocLookupError extends SkeinError {
  constructor(message: string) {
    super('doc_not_found', message);
    this.name = 'DocLookupError';
  }
}
