import type { SkeinSkills } from '../host/index.js';
import { skillView, viewChanges, type SkillView } from './skill-view.js';
import { servedSkills, type ServedSkill } from './skills-extension.js';

type Listener = (changed: { tools: boolean; resources: boolean }) => void;

/**
 * The skills every MCP session shows, read from the Skein's one library (docs/mcp.md) and again after
 * `reload` walks it again (when files change under `--watch`); sessions subscribe to hear what
 * changed, to tell their clients (list_changed).
 */
export class LiveSkills {
  private view: Promise<SkillView> | undefined;
  private served: Promise<ServedSkill[]> | undefined;
  private readonly listeners = new Set<Listener>();

  /** `skillsPath`: the folders whose SKILL.md folders the skills extension serves (none: it serves none). */
  constructor(
    private readonly skills: Pick<SkeinSkills, 'list' | 'reload'>,
    private readonly skillsPath: readonly string[] = [],
  ) {}

  /** The current view, read on first use. */
  current(): Promise<SkillView> {
    return (this.view ??= this.skills.list().then(skillView));
  }

  /** The skills the MCP skills extension serves (SEP-2640), read on first use. */
  skillFiles(): Promise<ServedSkill[]> {
    return (this.served ??= servedSkills(this.skillsPath));
  }

  /** Walks the skills path again (`SkeinSkills.reload`) and tells the subscribers what changed, if anything. */
  async reload(): Promise<void> {
    const before = await this.current();
    let next: SkillView;
    try {
      await this.skills.reload();
      next = skillView(await this.skills.list());
    } catch {
      return; // a skills folder that cannot be read now: keep what was shown
    }
    this.view = Promise.resolve(next);
    const digests = (skills: ServedSkill[]) => JSON.stringify(skills.map((s) => s.entry));
    const servedBefore = this.served && digests(await this.served);
    this.served = undefined;
    const changed = viewChanges(before, next);
    if (servedBefore !== undefined && servedBefore !== digests(await this.skillFiles()))
      changed.resources = true;
    if (changed.tools || changed.resources) for (const listener of this.listeners) listener(changed);
  }

  /** Calls `listener` on each change until the returned function is called. */
  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
