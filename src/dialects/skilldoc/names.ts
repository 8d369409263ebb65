/** The spec's longest name, in characters. */
export const MAX_NAME = 64;

/**
 * How a name (trimmed, NFKC-normalised) breaks the Agent Skills naming rule — "unicode lowercase
 * alphanumeric characters and hyphens", 1–64 characters, no hyphen at either end, no `--` — as
 * readable clauses; empty when it keeps the rule.
 */
export function nameProblems(name: string): string[] {
  const problems: string[] = [];
  const length = [...name].length;
  if (!length) problems.push('it is empty');
  if (length > MAX_NAME) problems.push(`it has ${length} characters (at most ${MAX_NAME})`);
  if (name !== name.toLowerCase()) problems.push('it has upper-case letters');
  if (!/^[\p{L}\p{N}-]*$/u.test(name))
    problems.push('it has characters other than letters, digits and hyphens');
  if (name.startsWith('-') || name.endsWith('-')) problems.push('it starts or ends with a hyphen');
  if (name.includes('--')) problems.push('it has consecutive hyphens');
  return problems;
}

/** Whether a name keeps the naming rule. */
export function isValidName(name: string): boolean {
  return nameProblems(name).length === 0;
}

/**
 * A name that keeps the rule, made from `text`: lower case, each run of other characters one hyphen,
 * cut to 64 characters; '' when nothing is left.
 */
export function slugName(text: string): string {
  const slug = text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
  const cut = [...slug].slice(0, MAX_NAME).join('').replace(/-+$/, '');
  return isValidName(cut) ? cut : '';
}
