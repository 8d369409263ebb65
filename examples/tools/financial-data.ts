// Example tool for examples/skills/financial_analysis.md: figures from examples/data/financials.json (fictional companies).
import { readFile } from 'node:fs/promises';
import { defineTool } from '../../src/runtime/ports/tool.js';

interface Financials {
  unit: string;
  companies: Record<string, { industry: string; periods: Record<string, Record<string, number>> }>;
}

const dataFile = new URL('../data/financials.json', import.meta.url);

/** `get_financial_data`: one company's figures for one period; writes `data`, JSON text. Unknown names list what exists. */
export default defineTool({
  name: 'get_financial_data',
  description: 'Returns a company’s financial figures for a period (e.g. 2023, 2024Q1) as JSON text in `data`.',
  inputSchema: {
    type: 'object',
    properties: {
      company: { type: 'string', minLength: 1, description: 'Company name' },
      period: { type: 'string', minLength: 1, description: 'A year (2023) or a quarter (2024Q1)' },
    },
    required: ['company', 'period'],
  },
  outputSchema: { type: 'object', properties: { data: { type: 'string', description: 'The figures as JSON text' } } },
  async execute(input) {
    const company = String(input.company).trim();
    const period = String(input.period).trim().toUpperCase();
    const financials = JSON.parse(await readFile(dataFile, 'utf8')) as Financials;
    const found = financials.companies[company];
    if (!found) throw new Error(`no financial data for company "${company}"; known companies: ${Object.keys(financials.companies).join(', ')}`);
    const figures = found.periods[period];
    if (!figures) throw new Error(`no financial data for ${company} in period "${period}"; known periods: ${Object.keys(found.periods).join(', ')}`);
    const debtRatio = Math.round((figures.total_liabilities / figures.total_assets) * 1000) / 1000;
    const data = { company, industry: found.industry, period, unit: financials.unit, ...figures, debt_ratio: debtRatio };
    return { data: JSON.stringify(data) };
  },
});
