/** A document skill or a part of one that does not exist; the message names what does. */
export class DocLookupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DocLookupError';
  }
}
