import { open, type FileHandle } from 'node:fs/promises';

/**
 * Opens a file that `resolveInWorkspace` has resolved and checks what the handle points at: a
 * regular file with one name. A file with more than one hard link is refused: the other name may
 * lie outside the workspace, and nothing in the workspace tells where (a hard link, unlike a
 * symbolic one, cannot be followed back). Something other than a file (a FIFO, a device) is
 * refused too: reading one can wait for ever.
 */
export async function openWorkspaceFile(real: string, flags: number, relative: string): Promise<FileHandle> {
  const handle = await open(real, flags).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') throw new Error(`no file "${relative}" in the workspace`);
    if (e.code === 'EISDIR') throw new Error(`"${relative || '.'}" is a folder, not a file`);
    throw e;
  });
  const stats = await handle.stat();
  const refusal = stats.isDirectory()
    ? `"${relative || '.'}" is a folder, not a file`
    : !stats.isFile()
      ? `"${relative}" is not a regular file (a FIFO, socket or device); file tools read and write only regular files`
      : stats.nlink > 1
        ? `"${relative}" has ${stats.nlink} hard links, so another name for it may lie outside the workspace; file tools refuse such files (copy the file instead of linking it)`
        : undefined;
  if (refusal) {
    await handle.close();
    throw new Error(refusal);
  }
  return handle;
}
