// The command table: every command's spec, in the order `skein --help` lists them, with the module that
// runs it (loaded only then). A new command is a spec file here (name, summary, options with one line of
// help), its implementation in ../commands, and its line below.
import type { Command } from '../command-spec.js';
import { awaitsSpec } from './awaits.js';
import { addSpec, installSpec, removeSpec, updateSpec } from './add.js';
import { chatSpec } from './chat.js';
import { completionSpec } from './completion.js';
import { convertSpec, exportSpec } from './convert.js';
import { diffSpec } from './diff.js';
import { docsSpec } from './docs.js';
import { doctorSpec } from './doctor.js';
import { evalSpec } from './eval.js';
import { forkSpec } from './fork.js';
import { graphSpec } from './graph.js';
import { initSpec } from './init.js';
import { inspectSpec } from './inspect.js';
import { listSpec } from './list.js';
import { mcpSpec } from './mcp.js';
import { packSpec } from './pack.js';
import { resumeSpec } from './resume.js';
import { routeSpec } from './route.js';
import { runSpec } from './run.js';
import { runsSpec } from './runs.js';
import { serveSpec } from './serve.js';
import { testSpec } from './test.js';
import { validateSpec } from './validate.js';
import { webhooksSpec } from './webhooks.js';
import { schedulesSpec } from './schedules.js';
import { workerSpec } from './worker.js';

/** Every command of the command line. */
export const COMMANDS: readonly Command[] = [
  { ...initSpec, load: async () => (await import('../commands/init.js')).initCommand },
  { ...validateSpec, load: async () => (await import('../commands/validate.js')).validateCommand },
  { ...runSpec, load: async () => (await import('../commands/run.js')).runCommand },
  { ...resumeSpec, load: async () => (await import('../commands/resume.js')).resumeCommand },
  { ...forkSpec, load: async () => (await import('../commands/fork.js')).forkCommand },
  { ...diffSpec, load: async () => (await import('../commands/diff.js')).diffCommand },
  { ...runsSpec, load: async () => (await import('../commands/runs.js')).runsCommand },
  { ...awaitsSpec, load: async () => (await import('../commands/awaits.js')).awaitsCommand },
  { ...inspectSpec, load: async () => (await import('../commands/inspect.js')).inspectCommand },
  { ...listSpec, load: async () => (await import('../commands/list.js')).listCommand },
  { ...chatSpec, load: async () => (await import('../commands/chat.js')).chatCommand },
  { ...routeSpec, load: async () => (await import('../commands/route.js')).routeCommand },
  { ...addSpec, load: async () => (await import('../commands/add.js')).addCommand },
  { ...installSpec, load: async () => (await import('../commands/install.js')).installCommand },
  { ...updateSpec, load: async () => (await import('../commands/update.js')).updateCommand },
  { ...removeSpec, load: async () => (await import('../commands/remove.js')).removeCommand },
  { ...packSpec, load: async () => (await import('../commands/pack.js')).packCommand },
  { ...exportSpec, load: async () => (await import('../commands/export.js')).exportCommand },
  { ...convertSpec, load: async () => (await import('../commands/convert.js')).convertCommand },
  { ...testSpec, load: async () => (await import('../commands/test.js')).testCommand },
  { ...evalSpec, load: async () => (await import('../commands/eval.js')).evalCommand },
  { ...docsSpec, load: async () => (await import('../commands/docs.js')).docsCommand },
  { ...graphSpec, load: async () => (await import('../commands/graph.js')).graphCommand },
  { ...serveSpec, load: async () => (await import('../commands/serve.js')).serveCommand },
  { ...workerSpec, load: async () => (await import('../commands/worker.js')).workerCommand },
  { ...webhooksSpec, load: async () => (await import('../commands/webhooks.js')).webhooksCommand },
  { ...schedulesSpec, load: async () => (await import('../commands/schedules.js')).schedulesCommand },
  { ...mcpSpec, load: async () => (await import('../commands/mcp.js')).mcpCommand },
  { ...doctorSpec, load: async () => (await import('../commands/doctor.js')).doctorCommand },
  { ...completionSpec, load: async () => (await import('../commands/completion.js')).completionCommand },
];
