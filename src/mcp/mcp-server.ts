import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  CompleteRequestSchema,
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
  type Tool,
} from '@modelcontextprotocol/sdk/types.js';
import type { Skein } from '../host/index.js';
import { RunRefused } from '../runtime/index.js';
import {
  CHUNK_TOOL_NAME,
  chunkToolSpec,
  DocLookupError,
  findDocPart,
  findDocSkill,
} from '../documents/index.js';
import { SKEIN_VERSION } from '../version.js';
import { CATALOG_URI } from './catalog.js';
import { runForToolCall, type CallExtra } from './run-for-call.js';
import type { LiveSkills } from './live-skills.js';
import { completeDocArgument, DOC_TEMPLATES } from './resource-templates.js';
import type { SkillTool } from './skill-tools.js';
import { refuse } from './protocol-error.js';
import { SKILLS_EXTENSION } from './skills-extension.js';
import { readSkillFile, registerSkillsMethods, skillFileResources } from './skills-methods.js';
import { refusalResult, runToolResult } from './tool-result.js';

export interface SkillServerOptions {
  skein: Skein;
  skills: LiveSkills;
  /** Paths in messages are shown relative to this folder. */
  root: string;
  /** Aborted when the server shuts down: calls cut off then leave their runs as they are, resumable. */
  stopping?: AbortSignal;
}

const RESUME_TOOL: Tool = {
  name: 'skein_resume',
  title: 'Resume a paused run',
  description:
    'Continues a skill run that paused for an answer (a call answered {"status":"awaiting","runId",…}): input must match the schema it gave. Works from any client of this Skein, later too. Without input, continues a run whose process died.',
  inputSchema: {
    type: 'object',
    properties: {
      runId: {
        type: 'string',
        description:
          'The runId the paused call answered with (or a unique prefix of it, 8 characters or more)',
      },
      input: { type: 'object', description: 'The answer, matching the schema the pause gave' },
    },
    required: ['runId'],
  },
};

const CHUNK_TOOL: Tool = {
  name: CHUNK_TOOL_NAME,
  title: 'Load part of a document skill',
  ...chunkToolSpec(`the ${CATALOG_URI} resource`),
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
};

/**
 * One MCP session's server (the SDK's): each executable skill a tool, `skein_resume` and
 * `load_doc_chunk`, the document skills and the catalog as resources, with templates whose skill ids
 * and parts complete (docs/mcp.md). It tells its client when the tools or resources change.
 */
export function createSkillServer(options: SkillServerOptions): Server {
  const { skein, skills, root, stopping } = options;
  const server = new Server(
    { name: 'skein', title: 'Skein skills', version: SKEIN_VERSION },
    {
      capabilities: {
        tools: { listChanged: true },
        resources: { listChanged: true },
        completions: {},
        extensions: { [SKILLS_EXTENSION]: {} },
      },
      instructions: `Each tool runs a skill. Read ${CATALOG_URI} for what they do and for the document skills, whose parts load with load_doc_chunk. A call that pauses answers a runId: continue it with skein_resume.`,
    },
  );
  const unsubscribe = skills.subscribe((changed) => {
    if (changed.tools) void server.sendToolListChanged().catch(() => undefined);
    if (changed.resources) void server.sendResourceListChanged().catch(() => undefined);
  });
  server.onclose = unsubscribe;

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [...(await skills.current()).tools.map((t) => t.tool), RESUME_TOOL, CHUNK_TOOL],
  }));

  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const { name, arguments: args = {} } = request.params;
    if (name === CHUNK_TOOL.name) return chunkTool(args);
    const entry = (await skills.current()).tools.find((t) => t.tool.name === name);
    if (!entry && name !== RESUME_TOOL.name) refuse('not_found', `no tool "${name}"; tools/list names them`);
    return entry ? skillTool(entry, args, extra) : resumeTool(args, extra);
  });

  async function skillTool(entry: SkillTool, args: Record<string, unknown>, extra: CallExtra) {
    const input = entry.wrappedInput ? args.input : args;
    const graph = entry.skill.graph!;
    const total = graph.nodes.some((n) => n.kind === 'route') ? undefined : graph.nodes.length;
    return toolResult(
      () =>
        runForToolCall({ skein, server, extra, stopping }, (o) => skein.run(entry.skill, input, o), total),
      entry.wrappedOutput,
    );
  }

  async function resumeTool(args: Record<string, unknown>, extra: CallExtra) {
    const { runId, input } = args;
    if (typeof runId !== 'string' || !runId)
      return refusalResult(
        'invalid_arguments',
        'skein_resume needs runId: the id a paused call answered with',
        root,
      );
    let run;
    try {
      // The id a call answered, or a unique prefix of it.
      run = await skein.findRun(runId);
    } catch (e) {
      if (e instanceof RunRefused) return refusalResult(e.code, e.message, root);
      throw e;
    }
    const entry = run && (await skills.current()).tools.find((t) => t.skill.id === run.skill.id);
    const id = run?.id ?? runId;
    return toolResult(
      () => runForToolCall({ skein, server, extra, stopping }, (o) => skein.resume(id, input, o)),
      entry?.wrappedOutput ?? false,
    );
  }

  async function toolResult(
    call: () => ReturnType<typeof runForToolCall>,
    wrapped: boolean,
  ): Promise<CallToolResult> {
    try {
      return runToolResult(await call(), { wrapped, root });
    } catch (e) {
      if (e instanceof RunRefused) return refusalResult(e.code, e.message, root, e.fields);
      // Anything else (a store that cannot be read…) is still the call's failure, told without a stack.
      return refusalResult('internal', String((e as Error)?.message ?? e).split('\n')[0], root);
    }
  }

  async function chunkTool(args: Record<string, unknown>): Promise<CallToolResult> {
    const { skill_name: skillName, chunk_id: chunkId } = args;
    if (typeof skillName !== 'string' || typeof chunkId !== 'string')
      return refusalResult(
        'invalid_arguments',
        'load_doc_chunk needs skill_name and chunk_id, both strings',
        root,
      );
    try {
      const part = findDocPart(findDocSkill((await skills.current()).latest, skillName), chunkId);
      return { content: [{ type: 'text', text: await part.load() }] };
    } catch (e) {
      if (e instanceof DocLookupError) return refusalResult('chunk_not_found', e.message, root);
      throw e;
    }
  }

  registerSkillsMethods(server, skills);

  server.setRequestHandler(ListResourcesRequestSchema, async () => {
    // A SKILL.md folder's files as the skills extension serves them (raw bytes) take their URIs.
    const files = skillFileResources(await skills.skillFiles());
    const taken = new Set(files.map((f) => f.uri));
    return {
      resources: [
        {
          uri: CATALOG_URI,
          name: 'catalog',
          title: 'Skill catalog',
          description: 'Every skill of this Skein: the tools and the document skills, in a few lines each',
          mimeType: 'text/markdown',
        },
        ...(await skills.current()).docs.map((d) => d.resource).filter((r) => !taken.has(r.uri)),
        ...files,
      ],
    };
  });

  server.setRequestHandler(ListResourceTemplatesRequestSchema, () => ({ resourceTemplates: DOC_TEMPLATES }));

  server.setRequestHandler(CompleteRequestSchema, async (request) => {
    const { ref, argument, context } = request.params;
    if (ref.type !== 'ref/resource') return { completion: { values: [] } };
    const latest = (await skills.current()).latest;
    return { completion: completeDocArgument(latest, ref.uri, argument, context?.arguments) };
  });

  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const { uri } = request.params;
    const file = readSkillFile(await skills.skillFiles(), uri);
    if (file) return file;
    const view = await skills.current();
    if (uri === CATALOG_URI) return { contents: [{ uri, mimeType: 'text/markdown', text: view.catalog }] };
    // A part's `/` may come encoded from a client that expanded `{part}` rather than `{+part}`.
    const wanted = uri.replace(/%2F/gi, '/');
    const doc = view.docs.find((d) => d.resource.uri === wanted);
    if (!doc) refuse('doc_not_found', `no resource ${uri}; resources/list names them`);
    return { contents: [{ uri, mimeType: doc.resource.mimeType, text: await doc.read() }] };
  });
  return server;
}
