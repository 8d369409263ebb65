import { openSkein, type Skein, type SkeinOptions } from '../host/index.js';

/** Runs `use` with a Skein of this project's configuration, and closes it afterwards, whatever happens. */
export async function withSkein<T>(
  use: (skein: Skein) => Promise<T> | T,
  options?: SkeinOptions,
): Promise<T> {
  const skein = openSkein(options);
  try {
    return await use(skein);
  } finally {
    await skein.close();
  }
}
