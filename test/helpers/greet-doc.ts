/** A SKILL.md a model might write for test/fixtures/aegis/greet.md; `tail` replaces its last chunk's closing. */
export function greetDoc(tail = '</chunk>\n'): string {
  return `---
name: greet
version: 2.0.0
description: Greets a person by name.
---

# Greet

## Overview
Writes a one-line greeting for a person.

## Interface
- **Input**:
  - \`name\` (string, required): who to greet.
- **Output**:
  - \`greeting\` (string): the greeting.

<chunk id="steps" description="How the greeting is built">
## How it works
1. compose: renders "Hello, {{name}}!".
</chunk>

<chunk id="examples" description="One input and its output">
## Examples
Input: {"name": "Ada"} → Output: {"greeting": "Hello, Ada!"}
${tail}`;
}
