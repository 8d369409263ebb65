// The part of tar-stream 2 (no types of its own) that src/distribution/tarball.ts uses.
declare module 'tar-stream' {
  import type { Readable, Writable } from 'node:stream';
  interface Header {
    name: string;
    size?: number;
    mode?: number;
    mtime?: Date;
    type?: string;
  }
  interface Extract extends Writable {
    on(
      event: 'entry',
      listener: (header: Header & { type: string }, stream: Readable, next: () => void) => void,
    ): this;
    on(event: 'finish', listener: () => void): this;
    on(event: 'error', listener: (e: Error) => void): this;
  }
  interface Pack extends Readable {
    entry(header: Header, content: Buffer): void;
    finalize(): void;
  }
  const tar: { extract(): Extract; pack(): Pack };
  export default tar;
}
