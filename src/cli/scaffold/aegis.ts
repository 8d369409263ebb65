/** An Aegis Markdown skill with a template step, and its cases. */
export const AEGIS_FILES: Record<string, string> = {
  'skills/greet.md': `# skill: greet

**version**: 1.0.0

## description
Greets a person by name.

## input_schema

\`\`\`yaml
name: string
\`\`\`

## output_schema

\`\`\`yaml
greeting: string
\`\`\`

## steps

### step: compose

**type**: template
**varName**: greeting

\`\`\`template
Hello {{name}}! Welcome to Skein.
\`\`\`
`,
  'skills/greet.cases.yaml': `# Cases of greet for \`skein test\` (see the README, "skein test").
cases:
  - name: greets by name
    input: { name: Ada }
    expect:
      status: completed
      output: { greeting: Hello Ada! Welcome to Skein. }
  - name: a missing name is refused before anything runs
    input: {}
    expect:
      status: refused
      error: { code: input_invalid }
`,
};
