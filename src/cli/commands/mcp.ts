import { loadConfig } from '../../config/load-config.js';
import { openSkein } from '../../host/index.js';
import { LiveSkills, serveStdio, watchSkills } from '../../mcp/index.js';
import { parseCommandArgs } from '../args.js';
import { mcpSpec } from '../specs/mcp.js';
import { UsageError } from '../usage-error.js';

/**
 * `skein mcp`: the skills path as an MCP server on stdin/stdout until the client closes it; with
 * `--watch`, tools and resources follow the skill files (the client hears list_changed). Messages go to
 * stderr: stdout is the protocol's.
 */
export async function mcpCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseCommandArgs(argv, mcpSpec.options);
  if (positionals.length) throw new UsageError('mcp takes no arguments');
  const config = loadConfig();
  const skein = openSkein({ config });
  const skills = new LiveSkills(skein.skills, config.skillsPath);
  const unwatch = values.watch ? watchSkills(config.skillsPath, skills) : () => undefined;
  const stop = () => void process.stdin.destroy();
  process.once('SIGTERM', stop).once('SIGINT', stop);
  try {
    await serveStdio({ skein, skills, root: config.root });
  } finally {
    unwatch();
    await skein.close();
  }
  return 0;
}
