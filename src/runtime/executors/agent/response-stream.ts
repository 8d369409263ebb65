type Mode = 'start' | 'text' | 'json' | 'colon' | 'value' | 'done';

/**
 * Streams what a person should see of a model's turn. A turn that is prose streams as is; a turn that
 * is the JSON answer (bare or in a ```json fence) streams only the text of its top-level `response`
 * string, decoded, as it arrives. Call `reset()` when a new model turn begins.
 */
export class ResponseStream {
  private mode: Mode = 'start';
  private held = '';
  private depth = 0;
  private inString = false;
  private escape = '';
  private keyNext = false;
  private key = '';
  private lastKey = '';
  private out = '';

  constructor(private readonly emit: (text: string) => void) {}

  /** Starts a new model turn. */
  reset(): void {
    Object.assign(this, {
      mode: 'start',
      held: '',
      depth: 0,
      inString: false,
      escape: '',
      keyNext: false,
      key: '',
      lastKey: '',
    });
  }

  /** Takes the next piece of the model's text. */
  push(chunk: string): void {
    for (const ch of chunk) this.take(ch);
    if (this.out) this.emit(this.out);
    this.out = '';
  }

  private take(ch: string): void {
    switch (this.mode) {
      case 'start':
        return this.start(ch);
      case 'text':
        this.out += ch;
        return;
      case 'json':
        return this.json(ch);
      case 'colon':
        if (/\s/.test(ch)) return;
        if (ch === '"') return void (this.mode = 'value');
        this.mode = 'json';
        return this.json(ch);
      case 'value':
        return this.value(ch);
      case 'done':
        return;
    }
  }

  private start(ch: string): void {
    this.held += ch;
    const lead = this.held.trimStart();
    if (!lead) return;
    if (lead.startsWith('```')) {
      // Wait for the end of the fence line, then look at what follows it.
      const nl = lead.indexOf('\n');
      if (nl >= 0) this.held = lead.slice(nl + 1);
      return;
    }
    if ('`'.startsWith(lead) || '``'.startsWith(lead)) return;
    if (lead[0] === '{') {
      this.mode = 'json';
      const rest = lead;
      this.held = '';
      for (const c of rest) this.json(c);
      return;
    }
    this.mode = 'text';
    this.out += this.held;
    this.held = '';
  }

  private json(ch: string): void {
    if (this.inString) {
      if (this.escape) this.escape = '';
      else if (ch === '\\') this.escape = ch;
      else if (ch === '"') {
        this.inString = false;
        if (this.keyNext) {
          this.lastKey = this.key;
          this.keyNext = false;
        }
      } else if (this.keyNext) this.key += ch;
      return;
    }
    if (ch === '"') {
      this.inString = true;
      this.key = '';
    } else if (ch === '{' || ch === '[') {
      this.depth++;
      this.keyNext = ch === '{' && this.depth === 1;
    } else if (ch === '}' || ch === ']') this.depth--;
    else if (ch === ',' && this.depth === 1) this.keyNext = true;
    else if (ch === ':' && this.depth === 1 && this.lastKey === 'response') this.mode = 'colon';
  }

  private value(ch: string): void {
    if (this.escape) {
      this.escape += ch;
      if (this.escape[1] !== 'u') {
        this.out += ESCAPES[ch] ?? ch;
        this.escape = '';
      } else if (this.escape.length === 6) {
        this.out += String.fromCharCode(parseInt(this.escape.slice(2), 16));
        this.escape = '';
      }
    } else if (ch === '\\') this.escape = ch;
    else if (ch === '"') this.mode = 'done';
    else this.out += ch;
  }
}

const ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', b: '\b', f: '\f' };
