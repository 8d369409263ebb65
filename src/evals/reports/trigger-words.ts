import type { SkillTriggers, TriggerCaseResult } from '../trigger-evals.js';

/** `2/3 (67%)`, or `–` without positive prompts. */
export function rateText(s: SkillTriggers): string {
  return s.triggerRate === null ? '–' : `${s.triggered}/${s.positives} (${Math.round(s.triggerRate * 100)}%)`;
}

/** `farewell ×2, none ×1`: who won a skill's prompts instead. */
export function confusionText(s: SkillTriggers): string {
  return s.confusions.map((x) => `${x.chosen ?? 'none'} ×${x.count}`).join(', ') || '–';
}

/** Why a trigger case failed: `routed to farewell in 2 of 3 trials (should trigger greet)`. */
export function missText(r: TriggerCaseResult): string {
  const wrong = r.chosen.filter((id) => (id === r.skill) !== r.shouldTrigger);
  const where = [...new Set(wrong.map((id) => id ?? 'no skill'))].join(', ');
  const trials = r.trials === 1 ? '' : ` in ${wrong.length} of ${r.trials} trials`;
  const cause = r.error ? `; the model stage failed: ${r.error}` : '';
  return r.shouldTrigger
    ? `routed to ${where}${trials} (should trigger ${r.skill})${cause}`
    : `routed to ${r.skill}${trials} (should not trigger it)${cause}`;
}
