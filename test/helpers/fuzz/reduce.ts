/**
 * Shrinks bytes that make `fails` true to a smaller input that still does (delta debugging over lines,
 * then over bytes), within a budget of calls.
 */
export async function reduce(
  input: Buffer,
  fails: (b: Buffer) => Promise<boolean>,
  budget = 400,
): Promise<Buffer> {
  let best = input;
  let calls = 0;
  const tryCut = async (units: Buffer[], join: (parts: Buffer[]) => Buffer): Promise<Buffer[]> => {
    let n = 2;
    while (units.length >= 2 && calls < budget) {
      const size = Math.ceil(units.length / n);
      let cut = false;
      for (let i = 0; i < units.length && calls < budget; i += size) {
        const rest = [...units.slice(0, i), ...units.slice(i + size)];
        calls++;
        if (await fails(join(rest))) {
          units = rest;
          best = join(rest);
          n = Math.max(n - 1, 2);
          cut = true;
          break;
        }
      }
      if (!cut) {
        if (n >= units.length) break;
        n = Math.min(units.length, n * 2);
      }
    }
    return units;
  };
  await tryCut(splitLines(best), (parts) => Buffer.concat(parts));
  if (best.length > 4096) await tryCut(chunks(best, 1024), (parts) => Buffer.concat(parts));
  const bytes = [...best].map((x) => Buffer.of(x));
  if (bytes.length <= 4096) await tryCut(bytes, (parts) => Buffer.concat(parts));
  return best;
}

function splitLines(b: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let start = 0;
  for (let i = b.indexOf(10); i !== -1; i = b.indexOf(10, i + 1)) {
    out.push(b.subarray(start, i + 1));
    start = i + 1;
  }
  if (start < b.length) out.push(b.subarray(start));
  return out;
}

function chunks(b: Buffer, size: number): Buffer[] {
  const out: Buffer[] = [];
  for (let i = 0; i < b.length; i += size) out.push(b.subarray(i, i + size));
  return out;
}
