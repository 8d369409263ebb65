let lastMs = 0;
let lastText = '';

/** The current time as ISO 8601 text; the text is made once per millisecond. */
export function isoNow(): string {
  const ms = Date.now();
  if (ms !== lastMs) {
    lastMs = ms;
    lastText = new Date(ms).toISOString();
  }
  return lastText;
}
