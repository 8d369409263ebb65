import { lazy, Suspense } from 'react';

// react-markdown and its parser load when a text first needs them.
const Markdown = lazy(() => import('./Markdown'));

type Row = Record<string, unknown>;

/** Whether text reads as Markdown rather than a plain line: a break, a heading, a list, a table, emphasis. */
export function looksLikeMarkdown(text: string): boolean {
  return /\n|^#{1,6} |^\s*[-*+] |^\s*\d+\. |\|.*\||\*\*|`/m.test(text);
}

/** Text as text, or as Markdown when it reads as Markdown. */
export function TextValue({ text }: { text: string }) {
  if (!looksLikeMarkdown(text)) return <p className="text-value">{text}</p>;
  return (
    <Suspense fallback={<pre className="text-value">{text}</pre>}>
      <Markdown text={text} />
    </Suspense>
  );
}

const isRow = (v: unknown): v is Row => typeof v === 'object' && v !== null && !Array.isArray(v);
const isScalar = (v: unknown) => v === null || ['string', 'number', 'boolean'].includes(typeof v);

/**
 * A run's output for people: each field under its name, text as text or Markdown, a list of records as
 * a table, a list of plain values as a list, anything else as JSON that opens on demand; the whole
 * output as JSON below.
 */
export function OutputView({ value }: { value: unknown }) {
  return (
    <>
      <Value value={value} />
      <details className="raw-json">
        <summary>JSON</summary>
        <pre className="output">{JSON.stringify(value, null, 2)}</pre>
      </details>
    </>
  );
}

function Value({ value, depth = 0 }: { value: unknown; depth?: number }) {
  if (typeof value === 'string') return <TextValue text={value} />;
  if (isScalar(value)) return <p className="text-value">{String(value)}</p>;
  if (Array.isArray(value)) {
    if (value.length && value.every(isRow)) return <Table rows={value} />;
    if (value.every(isScalar))
      return (
        <ul className="value-list">
          {value.map((v, i) => (
            <li key={i}>{String(v)}</li>
          ))}
        </ul>
      );
  }
  if (isRow(value) && depth < 2)
    return (
      <dl className="fields">
        {Object.entries(value).map(([key, v]) => (
          <div key={key} className="field-value">
            <dt>{key}</dt>
            <dd>
              <Value value={v} depth={depth + 1} />
            </dd>
          </div>
        ))}
      </dl>
    );
  return (
    <details className="json-value">
      <summary>{Array.isArray(value) ? `${value.length} items` : 'object'} (JSON)</summary>
      <pre>{JSON.stringify(value, null, 2)}</pre>
    </details>
  );
}

/** Records as a table: a column per key, in the order keys first appear; nested values as JSON text. */
function Table({ rows }: { rows: Row[] }) {
  const columns = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  return (
    <div className="table-scroll">
      <table className="records">
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c} scope="col">
                {c}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, i) => (
            <tr key={i}>
              {columns.map((c) => (
                <td key={c}>{cell(row[c])}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function cell(value: unknown): string {
  if (value === undefined) return '';
  return isScalar(value) ? String(value) : JSON.stringify(value);
}
