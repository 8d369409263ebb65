import type { Scope, Template } from '../../ir/expr.js';

/**
 * The agent's system prompt: SKILL.md, the reference pages (already cut to their budget), and the
 * current session state (the scope without the user's turn), as JSON.
 */
export function systemPrompt(skillMd: string, references: string, turnKey: string): Template {
  const fixed = references ? `${skillMd}\n\n## References\n\n${references}` : skillMd;
  return {
    source: fixed,
    refs: [],
    render(scope: Scope): string {
      const state: Record<string, unknown> = { ...scope };
      delete state[turnKey];
      return `${fixed}\n\n## Current state\n\n\`\`\`json\n${JSON.stringify(state, null, 2)}\n\`\`\`\n`;
    },
  };
}

/** The user's turn: the text under `turnKey`. */
export function userTurn(turnKey: string): Template {
  return {
    source: `{{${turnKey}}}`,
    refs: [turnKey],
    render: (scope) => {
      const value = scope[turnKey];
      return typeof value === 'string'
        ? value
        : value === undefined || value === null
          ? ''
          : JSON.stringify(value);
    },
  };
}
