import Handlebars from 'handlebars';
import { Liquid } from 'liquidjs';
import { bench, group, run, summary } from 'mitata';
import { compileAegisTemplate } from '../src/expr/index.js';

/** The same output written in each engine's syntax, plus a hand-written function as the floor. */
interface Case {
  name: string;
  data: Record<string, unknown>;
  aegis: string;
  liquid: string;
  handlebars: string;
  hand: (d: Record<string, unknown>) => string;
}

interface Order {
  customer_name: string;
  order_id: string;
  product_name: string;
  quantity: number;
  unit_price: number;
  address: string;
  delivery_date: string;
  phone: string;
}

interface Row {
  region: string;
  product: string;
  amount: number;
}

const ORDER: Case = {
  name: 'order confirmation (8 variables, 1 product)',
  data: {
    customer_name: '张三',
    order_id: 'ORD-2024-0042',
    product_name: '无线降噪耳机',
    quantity: 3,
    unit_price: 25.5,
    address: '上海市浦东新区世纪大道 100 号',
    delivery_date: '2024-07-01',
    phone: '138-0000-0000',
  },
  aegis:
    '尊敬的 {{customer_name}}，您好！\n\n您的订单 {{order_id}} 已确认。\n- 商品：{{product_name}}\n- 数量：{{quantity}}\n' +
    '- 单价：¥{{unit_price}}\n- 总金额：¥{{quantity * unit_price}}\n- 收货地址：{{address}}\n- 预计送达：{{delivery_date}}\n' +
    '如有问题请致电 {{phone}}。',
  liquid:
    '尊敬的 {{ customer_name }}，您好！\n\n您的订单 {{ order_id }} 已确认。\n- 商品：{{ product_name }}\n- 数量：{{ quantity }}\n' +
    '- 单价：¥{{ unit_price }}\n- 总金额：¥{{ quantity | times: unit_price }}\n- 收货地址：{{ address }}\n- 预计送达：{{ delivery_date }}\n' +
    '如有问题请致电 {{ phone }}。',
  handlebars:
    '尊敬的 {{customer_name}}，您好！\n\n您的订单 {{order_id}} 已确认。\n- 商品：{{product_name}}\n- 数量：{{quantity}}\n' +
    '- 单价：¥{{unit_price}}\n- 总金额：¥{{times quantity unit_price}}\n- 收货地址：{{address}}\n- 预计送达：{{delivery_date}}\n' +
    '如有问题请致电 {{phone}}。',
  hand: (data) => {
    const d = data as unknown as Order;
    return (
      `尊敬的 ${d.customer_name}，您好！\n\n您的订单 ${d.order_id} 已确认。\n- 商品：${d.product_name}\n- 数量：${d.quantity}\n` +
      `- 单价：¥${d.unit_price}\n- 总金额：¥${d.quantity * d.unit_price}\n- 收货地址：${d.address}\n- 预计送达：${d.delivery_date}\n` +
      `如有问题请致电 ${d.phone}。`
    );
  },
};

const REGIONS = ['华东', '华北', '华南', '西南', '东北'];

const ROWS: Case = {
  name: 'loop over 20 rows x 3 fields',
  data: {
    rows: Array.from({ length: 20 }, (_, i): Row => ({
      region: REGIONS[i % 5],
      product: `产品${i + 1}`,
      amount: 100 + i * 7,
    })),
    total: 3330,
  },
  aegis:
    '销售明细：\n{{#for rows}}\n区域：{{region}}，商品：{{product}}，销售量：{{amount}}\n{{/for}}\n合计：{{total}}',
  liquid:
    '销售明细：\n{% for row in rows %}区域：{{ row.region }}，商品：{{ row.product }}，销售量：{{ row.amount }}\n{% endfor %}合计：{{ total }}',
  handlebars:
    '销售明细：\n{{#each rows}}区域：{{region}}，商品：{{product}}，销售量：{{amount}}\n{{/each}}合计：{{total}}',
  hand: (data) => {
    let out = '销售明细：\n';
    for (const r of data.rows as Row[]) out += `区域：${r.region}，商品：${r.product}，销售量：${r.amount}\n`;
    return out + `合计：${data.total}`;
  },
};

type Renderers = Record<'skein' | 'liquidjs' | 'handlebars' | 'hand-written', () => string>;

function renderers(c: Case): Renderers {
  const aegis = compileAegisTemplate(c.aegis, { file: 'bench', line: 1, column: 1 });
  if (!aegis.ok) throw new Error(`bench template does not compile: ${aegis.message}`);
  const skein = aegis.value;
  const liquid = new Liquid();
  const parsed = liquid.parse(c.liquid);
  const hbs = Handlebars.create();
  hbs.registerHelper('times', (a: number, b: number) => a * b);
  const compiled = hbs.compile(c.handlebars, { noEscape: true });
  // Four equal copies, taken in turn, so that no engine's work can be hoisted out of the benchmark loop.
  const copies = Array.from({ length: 4 }, () => structuredClone(c.data));
  let i = 0;
  const next = () => copies[i++ & 3];
  return {
    skein: () => skein.render(next()),
    liquidjs: () => liquid.renderSync(parsed, next()) as string,
    handlebars: () => compiled(next()),
    'hand-written': () => c.hand(next()),
  };
}

/** Checks that every engine renders exactly what the hand-written function does. */
function assertSameOutput(c: Case, r: Renderers): void {
  const expected = r['hand-written']();
  for (const [engine, render] of Object.entries(r)) {
    const got = render();
    if (got !== expected)
      throw new Error(
        `${c.name}: ${engine} renders ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}`,
      );
  }
}

/** Render speed of compiled Aegis templates beside LiquidJS, Handlebars and hand-written JS, on the same output. */
export async function benchTemplateRender(): Promise<void> {
  const cases = [ORDER, ROWS];
  for (const c of cases) {
    const r = renderers(c);
    assertSameOutput(c, r);
    group(`template render: ${c.name}`, () => {
      summary(() => {
        for (const [engine, render] of Object.entries(r))
          bench(`${engine}`, render).baseline(engine === 'skein');
      });
    });
  }
  const { benchmarks } = await run();
  printRatios(
    cases.length,
    benchmarks.map((b) => ({ name: b.alias, ns: b.runs[0]?.stats?.avg ?? NaN })),
  );
}

/** Prints ns per render and the two target ratios for each case, in registration order. */
function printRatios(caseCount: number, results: { name: string; ns: number }[]): void {
  const perCase = results.length / caseCount;
  for (let i = 0; i < caseCount; i++) {
    const rows = results.slice(i * perCase, (i + 1) * perCase);
    const ns = Object.fromEntries(rows.map((r) => [r.name, r.ns]));
    const line = rows.map((r) => `${r.name} ${r.ns.toFixed(0)} ns`).join(', ');
    console.log(`\n[${[ORDER, ROWS][i].name}] ${line}`);
    console.log(
      `  liquidjs / skein = ${(ns.liquidjs / ns.skein).toFixed(1)}x (target >= 2), ` +
        `skein / hand-written = ${(ns.skein / ns['hand-written']).toFixed(1)}x (target <= 3), ` +
        `handlebars / skein = ${(ns.handlebars / ns.skein).toFixed(1)}x`,
    );
  }
}
