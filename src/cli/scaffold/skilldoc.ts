/** A skill document (Agent Skills / AgentOS): knowledge an agent loads summary first, chunks on demand. */
export const SKILLDOC_FILES: Record<string, string> = {
  'skills/writing-style/SKILL.md': `---
name: writing-style
description: How to write replies for our users. Use when drafting any answer a person will read.
---

# Writing style

Short sentences, plain words, the answer first.

<chunk id="tone" description="The voice of a reply">
## Tone

Friendly and direct. Say what happened and what to do next; no apologies that carry no information.
</chunk>

<chunk id="format" description="How a reply is laid out">
## Format

Lead with the answer in one sentence. Lists for steps; a table only when comparing three or more things.
</chunk>
`,
};
