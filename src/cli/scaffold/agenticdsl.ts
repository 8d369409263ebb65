/** An AgenticDSL graph of assign nodes, and its cases. */
export const AGENTICDSL_FILES: Record<string, string> = {
  'skills/order_total.md': `# Order total

### AgenticDSL \`/__meta__\`

\`\`\`yaml
# --- BEGIN AgenticDSL ---
description: "An order's total: quantity times unit price, plus shipping"
# --- END AgenticDSL ---
\`\`\`

### AgenticDSL \`/main\`

\`\`\`yaml
# --- BEGIN AgenticDSL ---
graph_type: subgraph
entry: start
nodes:
  - id: start
    type: start
    next: [total]
  - id: total
    type: assign
    assign:
      amount: "{{ quantity * unit_price + default(shipping, 0) }}"
    next: [end]
  - id: end
    type: end
    output_keys: [amount]
# --- END AgenticDSL ---
\`\`\`
`,
  'skills/order_total.cases.yaml': `cases:
  - name: adds shipping to the subtotal
    input: { quantity: 3, unit_price: 2.5, shipping: 4 }
    expect:
      status: completed
      output: { amount: 11.5 }
`,
};
