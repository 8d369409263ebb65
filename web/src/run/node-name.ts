/** A node's name as the page shows it: without the main graph's `/main/` prefix, and without its subgraph's inside its box. */
export function shortName(id: string, group?: string): string {
  if (group && id.startsWith(`${group}/`)) return id.slice(group.length + 1);
  return id.replace(/^\/main\//, '');
}
