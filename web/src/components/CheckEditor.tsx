import { forceLinting, linter, lintGutter, type Diagnostic as CmDiagnostic } from '@codemirror/lint';
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { useEffect, useRef, useState } from 'react';
import { api } from '../api/client';
import type { FileReport } from '../api/types';

/**
 * What the editor does besides checking: line numbers, undo, selection, search and the usual keys.
 * (CodeMirror's `basicSetup` adds code folding, bracket closing and completion, which a skill file with
 * no language mode does not use, for 25 KB more of gzipped JavaScript.)
 */
const EDITING = [
  lineNumbers(),
  highlightActiveLineGutter(),
  highlightSpecialChars(),
  history(),
  drawSelection(),
  highlightActiveLine(),
  keymap.of([...defaultKeymap, ...historyKeymap]),
];

/** An offset in the text from a 1-based line and column (clamped into the text). */
function offset(view: EditorView, line: number, column: number): number {
  const doc = view.state.doc;
  const l = doc.line(Math.min(Math.max(line, 1), doc.lines));
  return Math.min(l.from + Math.max(column, 1) - 1, l.to);
}

/** A code editor whose text is checked by `POST /v1/validate` as it changes; diagnostics are marked where they are. */
export default function CheckEditor({
  path,
  onReport,
}: {
  path: string;
  onReport(report: FileReport | undefined, error?: string): void;
}) {
  const host = useRef<HTMLDivElement>(null);
  const pathRef = useRef(path);
  const reportRef = useRef(onReport);
  const viewRef = useRef<EditorView>(undefined);
  const [ready, setReady] = useState(false);
  pathRef.current = path;
  reportRef.current = onReport;

  useEffect(() => {
    const check = linter(
      async (view) => {
        const text = view.state.doc.toString();
        if (!text.trim()) return (reportRef.current(undefined), []);
        try {
          const report = await api<FileReport>('/validate', {
            json: { text, path: pathRef.current || undefined },
          });
          if (view.state.doc.toString() !== text) return [];
          reportRef.current(report);
          return report.diagnostics.map((d): CmDiagnostic => {
            const from = offset(view, d.line, d.column);
            const to = d.endLine
              ? offset(view, d.endLine, d.endColumn ?? d.column + 1)
              : Math.min(from + 1, view.state.doc.length);
            return { from, to: Math.max(to, from), severity: d.severity, message: `${d.code}: ${d.message}` };
          });
        } catch (e) {
          reportRef.current(undefined, (e as Error).message);
          return [];
        }
      },
      { delay: 300 },
    );
    const view = new EditorView({
      parent: host.current!,
      extensions: [
        EDITING,
        lintGutter(),
        check,
        EditorView.contentAttributes.of({ 'aria-label': 'Skill file' }),
      ],
    });
    viewRef.current = view;
    setReady(true);
    return () => view.destroy();
  }, []);

  useEffect(() => {
    // A new file name may change the dialect: check the text again.
    const view = viewRef.current;
    if (ready && view) forceLinting(view);
  }, [path, ready]);

  return <div className="editor" ref={host} />;
}
