import { gfmStrikethroughFromMarkdown } from 'mdast-util-gfm-strikethrough';
import { gfmTableFromMarkdown } from 'mdast-util-gfm-table';
import { gfmTaskListItemFromMarkdown } from 'mdast-util-gfm-task-list-item';
import { gfmStrikethrough } from 'micromark-extension-gfm-strikethrough';
import { gfmTable } from 'micromark-extension-gfm-table';
import { gfmTaskListItem } from 'micromark-extension-gfm-task-list-item';
import ReactMarkdown from 'react-markdown';
import type {} from 'remark-parse';
import type { Processor } from 'unified';

/**
 * GitHub's tables, strikethrough and task lists, from the micromark and mdast packages that remark-gfm
 * combines; remark-gfm's other two parts, footnotes and bare-URL links, would take 7 KB more of gzipped
 * JavaScript, and the page's budget is 400 KB (docs/playground.md).
 */
function gfmParts(this: Processor) {
  const data = this.data();
  (data.micromarkExtensions ??= []).push(gfmTable(), gfmStrikethrough(), gfmTaskListItem());
  (data.fromMarkdownExtensions ??= []).push(
    gfmTableFromMarkdown(),
    gfmStrikethroughFromMarkdown(),
    gfmTaskListItemFromMarkdown(),
  );
}

const PLUGINS = [gfmParts];

/**
 * Markdown as the page shows it (react-markdown): rendered to React elements, never to HTML text, so raw
 * HTML in the text stays text and a `javascript:` link loses its address (react-markdown's default URL
 * check).
 */
export default function Markdown({ text }: { text: string }) {
  return (
    <div className="markdown">
      <ReactMarkdown remarkPlugins={PLUGINS}>{text}</ReactMarkdown>
    </div>
  );
}
