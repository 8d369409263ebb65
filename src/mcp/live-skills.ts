import type { Skill } from '../ir/skill.js';
import { skillView, viewChanges, type SkillView } from './skill-view.js';

type Listener = (changed: { tools: boolean; resources: boolean }) => void;

/**
 * The skills every MCP session shows, read once from `list` and again on `reload` (when files change
 * under `--watch`); sessions subscribe to hear what changed, to tell their clients.
 */
export class LiveSkills {
  private view: Promise<SkillView> | undefined;
  private readonly listeners = new Set<Listener>();

  constructor(private readonly list: () => Promise<Skill[]>) {}

  /** The current view, read on first use. */
  current(): Promise<SkillView> {
    return (this.view ??= this.list().then(skillView));
  }

  /** Reads the skills again and tells the subscribers what changed, if anything. */
  async reload(): Promise<void> {
    const before = await this.current();
    let next: SkillView;
    try {
      next = skillView(await this.list());
    } catch {
      return; // a skills folder that cannot be read now: keep what was shown
    }
    this.view = Promise.resolve(next);
    const changed = viewChanges(before, next);
    if (changed.tools || changed.resources) for (const listener of this.listeners) listener(changed);
  }

  /** Calls `listener` on each change until the returned function is called. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
