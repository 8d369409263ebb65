import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { ChatSession, type ChatCall, type ChatOptions } from '../../chat/index.js';
import type { SkillSession } from '../../code/modules/index.js';
import { loadConfig } from '../../config/load-config.js';
import { openSkein } from '../../host/index.js';
import { resolveModel } from '../../models/index.js';
import { parseCommandArgs } from '../args.js';
import { chatSpec } from '../specs/chat.js';
import { interruptSignal } from '../interrupt.js';
import { loadLatestSkills } from '../latest-skills.js';
import { colorFor, type Style } from '../style.js';
import { UsageError } from '../usage-error.js';

/**
 * `skein chat`: a conversation with a model that calls every loaded skill as a function. Interactive on a
 * terminal (one line per message; /exit or Ctrl-D ends it); `--message` (repeatable) for scripts, one turn
 * each; lines from a pipe otherwise. The calls are printed as they happen; `--json` prints the transcript.
 */
export async function chatCommand(argv: string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, chatSpec.options);
  // parseArgs returns arrays for options declared `multiple`.
  const messages = (values.message as unknown as string[] | undefined) ?? [];
  const skillPaths = (values.skills as unknown as string[] | undefined) ?? [];
  const maxSteps = values['max-steps'] === undefined ? undefined : Number(values['max-steps']);
  if (maxSteps !== undefined && !(Number.isInteger(maxSteps) && maxSteps > 0))
    throw new UsageError('--max-steps takes a whole number above 0');
  const maxFunctions = values['max-functions'] === undefined ? undefined : Number(values['max-functions']);
  if (maxFunctions !== undefined && !(Number.isInteger(maxFunctions) && maxFunctions > 0))
    throw new UsageError('--max-functions takes a whole number above 0');
  for (const p of skillPaths)
    if (!existsSync(p)) throw new UsageError(`--skills ${p}: no such file or folder`);
  const json = Boolean(values.json);

  const config = loadConfig();
  const model = resolveModel(values.model ?? config.model, config);
  const skills = await loadLatestSkills(config, skillPaths);
  const session: SkillSession = { id: randomUUID(), messages: [] };
  const skein = openSkein({ config, model: values.model, session });
  const interrupt = interruptSignal();
  const interactive = !json && !messages.length && Boolean(process.stdin.isTTY);
  const view = json ? undefined : terminalView(process.stdout, interactive);
  const chat = new ChatSession({
    model,
    runtime: { start: (skill, input, options) => skein.run(skill, input, options) },
    skills,
    session,
    maxSteps,
    maxFunctions,
    signal: interrupt.signal,
    ...view?.listeners,
  });
  try {
    if (interactive)
      view?.intro(
        model.id,
        chat.tools.map((t) => t.name),
      );
    for await (const message of userMessages(messages, interactive, colorFor(process.stdout))) {
      view?.user(message, interactive);
      const turn = await chat.send(message);
      view?.answer(turn.answer, turn.stoppedAtStepLimit);
    }
    if (json) process.stdout.write(JSON.stringify(chat.transcript()) + '\n');
    return 0;
  } catch (e) {
    if (!interrupt.signal.aborted) throw e;
    process.stderr.write('chat cancelled\n');
    return 130;
  } finally {
    interrupt.dispose();
    await skein.close();
  }
}

/** The user's messages: the `--message` values, else lines typed at a prompt (or piped in) until /exit or the end of input. */
async function* userMessages(
  messages: readonly string[],
  interactive: boolean,
  c: Style,
): AsyncGenerator<string> {
  if (messages.length) return yield* messages;
  const lines = createInterface({
    input: process.stdin,
    output: interactive ? process.stdout : undefined,
    terminal: interactive,
  });
  lines.setPrompt(c.bold('you› '));
  try {
    if (interactive) lines.prompt();
    for await (const line of lines) {
      if (line.trim() === '/exit') return;
      if (line.trim()) yield line;
      if (interactive) lines.prompt();
    }
  } finally {
    lines.close();
  }
}

/** What a person sees: their message (in scripts), each call as it starts and ends, the answer (streamed on a terminal). */
function terminalView(out: NodeJS.WriteStream, interactive: boolean) {
  const c = colorFor(out);
  let midLine = false;
  let streamed = false;
  const line = (text: string) => {
    out.write(`${midLine ? '\n' : ''}${text}\n`);
    midLine = false;
  };
  const listeners: Pick<ChatOptions, 'onDelta' | 'onCallStart' | 'onCall'> = {
    onCallStart: (call) => line(c.cyan(`→ ${call.tool} ${short(call.input)}`)),
    onCall: (call) => line(describeCall(call, c)),
    onDelta: interactive
      ? (text) => {
          out.write(text);
          streamed = true;
          midLine = !text.endsWith('\n');
        }
      : undefined,
  };
  return {
    listeners,
    intro: (model: string, tools: string[]) =>
      line(
        c.dim(
          `${model} · ${tools.length} function${tools.length === 1 ? '' : 's'}: ${tools.join(', ') || 'none'} · /exit to leave`,
        ),
      ),
    user: (message: string, typed: boolean) => {
      streamed = false;
      if (!typed) line(c.bold(`you› ${message}`));
    },
    answer: (text: string, stoppedAt?: number) => {
      if (!streamed) line(text);
      else if (midLine) out.write('\n');
      midLine = false;
      if (stoppedAt)
        line(
          c.yellow(
            `(stopped after ${stoppedAt} model steps while it was still calling functions: raise --max-steps, or ask it to go on)`,
          ),
        );
    },
  };
}

function describeCall(call: ChatCall, c: Style): string {
  if (call.status === 'completed')
    return c.green(`  ✓ ${call.skill}`) + c.dim(` ${short(call.output)} ${call.ms} ms`);
  if (call.status === 'awaiting') return c.yellow(`  … ${call.skill} ${call.error}`);
  return c.red(`  ✗ ${call.skill} ${call.status}: ${call.error}`);
}

function short(v: unknown): string {
  const s = JSON.stringify(v) ?? '';
  return s.length > 120 ? `${s.slice(0, 117)}…` : s;
}
