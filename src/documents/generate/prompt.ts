/** The instructions for the model that writes a chunked SKILL.md (the spec's §5 generation prompt). */
export function generationSystemPrompt(): string {
  return `You write SKILL.md documents that agents load progressively. Answer with the document only, no code fence around it.

The document has exactly this shape:

---
name: <the skill id, exactly as given>
version: <the version, exactly as given>
description: <one sentence: what the skill does and when to use it>
---

# <Title>

## Overview
<two to four sentences: what the skill does, for whom, and what it needs>

## Interface
- **Input**:
  - \`<field>\` (<type>, required|optional): <meaning>
- **Output**:
  - \`<field>\` (<type>): <meaning>

<chunk id="steps" description="<what the agent learns here, in a few words>">
## How it works
<the steps in order, what each one does and uses>
</chunk>

<chunk id="examples" description="<a few words>">
## Examples
<one to three realistic inputs with the output they give>
</chunk>

<chunk id="limitations" description="<a few words>">
## Limitations
<known constraints, edge cases and how errors show>
</chunk>

Rules:
- The core (everything outside chunks) is only the title, Overview and Interface: the agent always reads it, so keep it short.
- Name every input field and every output field in the Interface, with the field name in backticks.
- Each chunk starts with <chunk id="…" description="…"> on its own line and ends with </chunk> on its own line; chunks never nest.
- Chunk ids are lower-case words joined by hyphens; attribute values are in double quotes.
- Write only what the facts support; do not invent fields, tools or behaviour.`;
}

/** The request for the first attempt. */
export function generationRequest(facts: string): string {
  return `Write the SKILL.md for this skill.\n\n${facts}`;
}

/** The request after an attempt with problems. */
export function repairRequest(problems: readonly string[]): string {
  return `The document has these problems:\n${problems.map((p) => `- ${p}`).join('\n')}\n\nWrite the whole corrected document.`;
}
