import type { Skill } from '../ir/skill.js';
import type { ColumnVariant, ExperimentColumn } from './experiment.js';

/** What a column's variant is called in its key: `without skill`, `@1.2.0`, `@HEAD~1`. */
export function variantLabel(variant: ColumnVariant): string {
  switch (variant.kind) {
    case 'skill':
      return 'skill';
    case 'without-skill':
      return 'without skill';
    case 'version':
      return `@${variant.version}`;
    case 'ref':
      return `@${variant.ref}`;
  }
}

/**
 * The columns of a matrix: each model × each variant. With several variants the first is each model's
 * baseline, and a column's key names its variant (`openai:gpt-4o-mini · without skill`).
 */
export function matrixColumns(
  models: readonly string[],
  variants: readonly ColumnVariant[],
): ExperimentColumn[] {
  const all = variants.length ? variants : [{ kind: 'skill' } as const];
  return (models.length ? models : ['default']).flatMap((model) =>
    all.map((variant, i) => ({
      key: all.length > 1 ? `${model} · ${variantLabel(variant)}` : model,
      model,
      variant,
      ...(all.length > 1 && i === 0 ? { baseline: true } : {}),
    })),
  );
}

/**
 * The skill a column runs for a case's skill: the skill itself (with or without it), the loaded skill of
 * that id at the column's version, or the one of that id at its git ref (the highest version there).
 */
export function columnSkill(
  skill: Skill,
  variant: ColumnVariant,
  loaded: readonly Skill[],
  atRef: ReadonlyMap<string, readonly Skill[]>,
): Skill | string {
  if (variant.kind === 'skill' || variant.kind === 'without-skill') return skill;
  if (variant.kind === 'version') {
    const found = loaded.find((s) => s.id === skill.id && s.version === variant.version);
    const versions = loaded.filter((s) => s.id === skill.id).map((s) => s.version);
    return (
      found ??
      `${skill.id} has no version ${variant.version} among the skills loaded (${versions.join(', ')})`
    );
  }
  const there = (atRef.get(variant.ref) ?? []).filter((s) => s.id === skill.id);
  return there[0] ?? `${skill.id} is not among the skills at ${variant.ref}`;
}
