import type { Skein } from '../host/index.js';
import type { RunEvent, RunListener } from '../runtime/index.js';
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { ServerNotification, ServerRequest } from '@modelcontextprotocol/sdk/types.js';

/** What a tool handler is given by the SDK for one request. */
export type CallExtra = RequestHandlerExtra<ServerRequest, ServerNotification>;

/**
 * `notifications/progress` for one tool call (docs/mcp.md): each step its run finishes or skips, read by
 * following the run (`Skein.follow`) from the first event of each part (the start, then each resume),
 * so a run a worker drives reports the same steps as one driven here. Nothing unless the client asked.
 */
export class RunProgress {
  /** The listener to run or resume with: it starts following at the part's first event. */
  readonly onEvent: RunListener | undefined;
  private runId: string | undefined;
  private following: Promise<void> | undefined;
  private done = 0;

  constructor(
    private readonly skein: Skein,
    private readonly extra: CallExtra,
    private readonly total: number | undefined,
    private readonly signal: AbortSignal,
  ) {
    const token = extra._meta?.progressToken;
    this.onEvent = token === undefined ? undefined : (event) => this.begin(event, token);
  }

  /** Waits until the steps of the part that ended have been sent, and makes ready for the next part. */
  async sent(): Promise<void> {
    await this.following;
    this.following = undefined;
  }

  private begin(event: RunEvent, token: string | number): void {
    this.runId ??= event.runId;
    if (this.following || event.runId !== this.runId) return;
    this.following = this.send(event.seq - 1, token).catch(() => undefined);
  }

  private async send(after: number, token: string | number): Promise<void> {
    for await (const { event } of this.skein.follow(this.runId!, { after, signal: this.signal })) {
      if (event.type !== 'node_finished' && event.type !== 'node_skipped') continue;
      this.done++;
      await this.extra
        .sendNotification({
          method: 'notifications/progress',
          params: {
            progressToken: token,
            progress: this.done,
            ...(this.total && this.done <= this.total ? { total: this.total } : {}),
            message: `run ${this.runId}: step ${event.node} ${event.type === 'node_finished' ? 'done' : 'skipped'}`,
          },
        })
        .catch(() => undefined);
    }
  }
}
