export type { PlanningFacts } from '../ir/skill.js';
export { eligibility, type Eligibility } from './eligibility.js';
export { compileRules, type PriorityRule, type RuleSource } from './rules.js';
export { planNext, PlannerError, type Decision, type PlanRequest } from './plan.js';
export { Session, type SessionOptions, type TurnResult } from './session.js';
