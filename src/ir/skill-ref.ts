/** `id` or `id@version` (a skill named in a call, a lookup or a filter) as its id and version. */
export function splitSkillRef(ref: string): { id: string; version?: string } {
  const at = ref.lastIndexOf('@');
  return at > 0 ? { id: ref.slice(0, at), version: ref.slice(at + 1) } : { id: ref };
}
