/** The tool that loads one part of a document skill, as every surface offers it (chat, MCP). */
export const CHUNK_TOOL_NAME = 'load_doc_chunk';

/**
 * The chunk tool's description and input schema; `listedIn` says where the model finds the document
 * skills and their part ids (the system prompt, an MCP resource).
 */
export function chunkToolSpec(listedIn: string) {
  return {
    description: `Loads one part (chunk, section or reference file) of a document skill listed in ${listedIn}, by the skill name and the part id.`,
    inputSchema: {
      type: 'object' as const,
      properties: {
        skill_name: { type: 'string', description: `The document skill, as named in ${listedIn}` },
        chunk_id: { type: 'string', description: 'The id of the part to load' },
      },
      required: ['skill_name', 'chunk_id'],
    },
  };
}
