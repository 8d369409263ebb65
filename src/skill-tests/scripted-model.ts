import { startFakeOpenAI, type ChatRequest, type FakeOpenAI, type FakeReply } from './fake-openai.js';

/** The provider:model that `skein test` forces for scripted runs. */
export const SCRIPTED_MODEL = 'compat:scripted';

/**
 * A local chat-completions server that answers each case's requests from that case's scripted replies,
 * so cases run in CI without a real model. Load a case's replies before running it.
 */
export class ScriptedModel {
  private replies: FakeReply[] = [];
  private first = 0;

  private constructor(private readonly server: FakeOpenAI) {}

  /** Starts the server on a free local port. */
  static async start(): Promise<ScriptedModel> {
    let self: ScriptedModel | undefined = undefined;
    const server = await startFakeOpenAI((_request, index) => self?.reply(index));
    self = new ScriptedModel(server);
    return self;
  }

  /** The base URL for the compat provider. */
  get url(): string {
    return this.server.url;
  }

  /** Replaces the replies; the next request gets the first one. */
  load(replies: readonly FakeReply[]): void {
    this.replies = [...replies];
    this.first = this.server.requests.length;
  }

  /** The requests received since the last `load`. */
  requests(): ChatRequest[] {
    return this.server.requests.slice(this.first);
  }

  close(): Promise<void> {
    return this.server.close();
  }

  private reply(index: number): FakeReply | undefined {
    return this.replies[index - this.first];
  }
}
