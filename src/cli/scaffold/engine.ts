/** An engine skill folder: one agent node under SKILL.md's instructions and the four-part contract. */
export const ENGINE_FILES: Record<string, string> = {
  '.skills/triage/skill.meta.json': `{
  "name": "triage",
  "description": "Reads a customer's message and files it as a question, a complaint or a request.",
  "version": "1.0.0",
  "outputs": { "provides": ["profile.category"] },
  "execution_config": { "temperature": 0.1, "max_retries": 1, "max_steps": 4 }
}
`,
  '.skills/triage/SKILL.md': `---
name: triage
description: Files a customer's message as a question, a complaint or a request.
---
# Triage

Read the customer's message. Set \`profile.category\` to \`question\`, \`complaint\` or \`request\`,
and answer in one sentence saying how it was filed.
`,
  '.skills/triage/assets/output_schema.json': `{
  "type": "object",
  "properties": {},
  "additionalProperties": false
}
`,
  '.skills/triage/cases.yaml': `# L1 cases run with a scripted local model: \`model\` is what it answers.
cases:
  - name: files a complaint and finishes
    input: { message: My parcel arrived broken. }
    model:
      - json:
          response: Filed as a complaint.
          profile: { category: complaint }
          data: {}
          control: { action: finish }
    expect:
      status: completed
      output:
        state:
          profile: { category: complaint }
`,
};
