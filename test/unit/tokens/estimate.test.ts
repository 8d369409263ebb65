// The token estimate a lean install uses instead of gpt-tokenizer: boundaries a cut can use, and
// counts near o200k_base's on prose, code and Chinese text.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { encode } from 'gpt-tokenizer/encoding/o200k_base';
import { estimatedEnds } from '../../../src/tokens/estimate.js';

const SAMPLES = {
  english:
    'Use this skill when the user asks for a quarterly sales report. Query the orders table, group by region, and render a Markdown table with totals.\n\n## Steps\n\n1. Read the period.\n2. Run the query.\n',
  chinese:
    '当用户需要季度销售报告时使用此技能。查询订单表，按地区分组，并生成带合计的表格。\n\n## 步骤\n\n1. 读取期间。\n',
  code: 'def main(ctx):\n    total = sum(row["amount"] for row in ctx["rows"])\n    return {"total": round(total, 2), "count": len(ctx["rows"])}\n',
};

test('estimated token ends rise strictly and end at the end of the text', () => {
  for (const text of Object.values(SAMPLES)) {
    const ends = estimatedEnds(text);
    assert.ok(ends.length > 0);
    for (let i = 1; i < ends.length; i++) assert.ok(ends[i]! > ends[i - 1]!, `ends[${i}]`);
    assert.equal(ends.at(-1), text.length);
  }
  assert.deepEqual(estimatedEnds(''), []);
});

test('the estimate is within 20% of o200k_base on English, Chinese and code', () => {
  for (const [name, text] of Object.entries(SAMPLES)) {
    const exact = encode(text).length;
    const estimate = estimatedEnds(text).length;
    assert.ok(Math.abs(estimate - exact) / exact <= 0.2, `${name}: ${estimate} estimated, ${exact} exact`);
  }
});
