import { SKEIN_VERSION } from '../version.js';
import { UsageError } from './usage-error.js';

type Command = (args: string[]) => Promise<number>;

// Each command is imported only when used, so `skein validate` never loads models or stores.
const COMMANDS: Record<string, () => Promise<Command>> = {
  validate: async () => (await import('./commands/validate.js')).validateCommand,
  run: async () => (await import('./commands/run.js')).runCommand,
  resume: async () => (await import('./commands/resume.js')).resumeCommand,
  inspect: async () => (await import('./commands/inspect.js')).inspectCommand,
  list: async () => (await import('./commands/list.js')).listCommand,
  chat: async () => (await import('./commands/chat.js')).chatCommand,
  test: async () => (await import('./commands/test.js')).testCommand,
  docs: async () => (await import('./commands/docs.js')).docsCommand,
  graph: async () => (await import('./commands/graph.js')).graphCommand,
  route: async () => (await import('./commands/route.js')).routeCommand,
  serve: async () => (await import('./commands/serve.js')).serveCommand,
  mcp: async () => (await import('./commands/mcp.js')).mcpCommand,
};

const USAGE = `Usage: skein <command> [options]

Commands:
  validate PATH... [--json] [--strict] [--dialect NAME] [--verbose]
                   check skill files and folders; exit 0 clean, 1 errors
  run SKILL [--input JSON|@file.json] [--json] [--model provider:model]
                   run a skill (a file, a folder, or id[@version] in the skills path);
                   exit 0 completed or awaiting, 1 failed, 2 bad skill or bad input
  run --route "REQUEST" [--input JSON|@file.json] [--json] [--model provider:model]
                   run the skill the router chooses for a request (asks for missing input)
  resume RUN_ID --input JSON|@file.json [--json]
                   answer a run that awaits a person (without --input: continue a run
                   whose process died)
  inspect RUN_ID [--json]
                   the events of a run
  list [PATH] [--json]
                   skills with their versions and dialects (default: the skills path)
  chat [--message TEXT]... [--skills PATH]... [--json] [--model provider:model]
                   talk to a model that calls every loaded skill as a function; interactive on a
                   terminal, one turn per --message in scripts; --json prints the transcript;
                   with more than --max-functions (16) skills, the router picks those offered
  route "REQUEST" [--limit N] [--json] [--model provider:model] [--state JSON]
                   which skill of the skills path fits a request (or none), and why
  test PATH... [--level L1,L2,L3,integration] [--repeat N] [--model provider:model] [--json]
                   run the skills' cases.yaml (L1/L2 with a scripted local model); exit 1 on a failure
  docs SKILL [--summary | --chunk ID | --level 1|2|3]
                   a document skill: its summary (what an agent sees first), a chunk, a heading level
  docs --stats PATH... | docs generate SKILL [--out FILE]
                   tokens of document skills, full vs summary | a chunked SKILL.md for any skill
  graph SKILL [--mermaid]
                   a skill's graph: nodes and edges, or a Mermaid flowchart
  graph generate "<task>" [--out FILE] [--attempts N] [--model provider:model] [--force] [--json]
                   ask the model for an AgenticDSL graph, check it, send errors back until valid
  serve [--port 8787] [--host 127.0.0.1] [--quiet]
                   the HTTP API (/v1, /openapi.json) until SIGTERM/SIGINT; tokens from
                   SKEIN_API_TOKENS or server.tokens (needed to listen beyond loopback); MCP at /mcp
  mcp [--watch]    the skills as an MCP server on stdio (tools, resources, skein_resume);
                   --watch follows the skill files

Environment: SKEIN_HOME (runs and state, default ./.skein), SKEIN_SKILLS, SKEIN_MODEL,
SKEIN_BASE_URL, SKEIN_API_KEY; or skein.yaml in the working directory.

Run "skein <command> --help" for a command's options.`;

/** Runs the command line and returns the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(USAGE + '\n');
    return name ? 0 : 2;
  }
  if (name === '--version') {
    process.stdout.write(`skein ${SKEIN_VERSION}\n`);
    return 0;
  }
  const load = COMMANDS[name];
  if (!load) {
    process.stderr.write(`skein: unknown command "${name}"\n\n${USAGE}\n`);
    return 2;
  }
  try {
    return await (
      await load()
    )(args);
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`skein ${name}: ${e.message}\n\n${USAGE}\n`);
      return 2;
    }
    process.stderr.write(`skein ${name}: ${(e as Error).message}\n`);
    if (process.env.SKEIN_DEBUG) process.stderr.write(`${(e as Error).stack}\n`);
    return 1;
  }
}
