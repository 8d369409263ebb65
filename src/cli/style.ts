/** ANSI colour for a stream, only when it is a terminal and NO_COLOR is unset (FORCE_COLOR forces it). */
export function colorFor(stream: NodeJS.WriteStream): Style {
  const on = process.env.FORCE_COLOR
    ? process.env.FORCE_COLOR !== '0'
    : Boolean(stream.isTTY) && !process.env.NO_COLOR;
  const wrap = (code: string) => (s: string) => (on ? `\x1b[${code}m${s}\x1b[0m` : s);
  return {
    red: wrap('31'),
    yellow: wrap('33'),
    green: wrap('32'),
    dim: wrap('2'),
    bold: wrap('1'),
    cyan: wrap('36'),
  };
}

export interface Style {
  red(s: string): string;
  yellow(s: string): string;
  green(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
  cyan(s: string): string;
}
