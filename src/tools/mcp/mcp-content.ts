import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * The text of an MCP tool result's content: text items as they are, one per line; images, audio and
 * resources described as JSON (their type, MIME type and size or URI, not their bytes).
 */
export function contentText(content: CallToolResult['content']): string {
  return content
    .map((item) => {
      switch (item.type) {
        case 'text':
          return item.text;
        case 'image':
        case 'audio':
          return JSON.stringify({
            type: item.type,
            mimeType: item.mimeType,
            bytes: Buffer.byteLength(item.data, 'base64'),
          });
        case 'resource':
          return 'text' in item.resource
            ? item.resource.text
            : JSON.stringify({ type: 'resource', uri: item.resource.uri, mimeType: item.resource.mimeType });
        default:
          return JSON.stringify(item);
      }
    })
    .join('\n');
}
