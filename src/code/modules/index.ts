export { createModuleRunner, type ModuleRunnerOptions } from './module-runner.js';
export { openModuleRunner, type HostModuleRunner } from './open-module-runner.js';
export type { SkillContext, SkillExecutor, SkillSession, SkillConfigView } from './skill-context.js';
