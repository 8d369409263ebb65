/** One function call the model made during a turn, and what came of it. */
export interface ChatCall {
  /** The function name the model used. */
  tool: string;
  /** The skill it ran (`skill@version`), or the document tool's name. */
  skill: string;
  input: unknown;
  status: 'completed' | 'awaiting' | 'failed' | 'refused';
  output?: unknown;
  error?: string;
  runId?: string;
  ms: number;
}

/** One exchange: the user's message, the calls made to answer it, and the answer. */
export interface ChatTurn {
  user: string;
  calls: ChatCall[];
  answer: string;
  /** The functions offered this turn, when the router narrowed them (many skills loaded). */
  offered?: string[];
  /** The model was still calling functions when the turn reached its step limit (`--max-steps`). */
  stoppedAtStepLimit?: number;
}

/** What `skein chat --json` prints. */
export interface ChatTranscript {
  model: string;
  tools: string[];
  turns: ChatTurn[];
  usage: { inputTokens?: number; outputTokens?: number };
}
