/**
 * Text safe to show a client: paths under `root` become relative, other absolute paths lose their
 * folders (a message may name the file a step is in, never where the server keeps it).
 */
export function redactPaths(text: string, root: string): string {
  const prefix = root.endsWith('/') ? root : `${root}/`;
  return text
    .split(prefix)
    .join('')
    .replace(/(^|[\s("'`=:])\/(?:[^\s/"'`():]+\/)+([^\s/"'`():]+)/g, '$1$2');
}
