import type { ScheduleList } from '../api/types';
import { useApi } from '../useApi';

/** The schedules (`schedules:` in skein.yaml) that start a skill, with their next fire times; nothing when none do. */
export function SkillSchedules({ id }: { id: string }) {
  const { data } = useApi<ScheduleList>('/schedules');
  const mine = (data?.schedules ?? []).filter((s) => s.skill === id || s.skill.startsWith(`${id}@`));
  if (!mine.length) return null;
  return (
    <section aria-labelledby="schedules-heading">
      <h2 id="schedules-heading">Schedules</h2>
      <ul>
        {mine.map((s) => (
          <li key={s.id}>
            <strong>{s.id}</strong> <code>{s.cron}</code>
            {s.timezone ? ` (${s.timezone})` : ''} — next{' '}
            {s.next.map((at) => new Date(at).toLocaleString()).join(' · ')}
          </li>
        ))}
      </ul>
    </section>
  );
}
