import { ChoiceFilter } from '../components/ChoiceFilter';
import { useMemo, useState } from 'react';
import type { Diagnostic, SkillSummary } from '../api/types';
import { href } from '../location';
import { useApi } from '../useApi';

/** Whether every word of the search is in the skill's id, description or tags (any script: CJK is matched as typed). */
function matches(skill: SkillSummary, words: string[]): boolean {
  const text = `${skill.id} ${skill.description} ${skill.tags.join(' ')}`.toLowerCase();
  return words.every((w) => text.includes(w));
}

/** Every skill of the skills path, searchable and filtered by dialect and tag, and the files that did not load. */
export function Catalog() {
  const skills = useApi<{ skills: SkillSummary[] }>('/skills');
  const broken = useApi<{ files: { path: string; diagnostics: Diagnostic[] }[] }>('/diagnostics');
  const [query, setQuery] = useState('');
  const [dialect, setDialect] = useState('');
  const [tag, setTag] = useState('');
  const all = skills.data?.skills ?? [];
  const dialects = useMemo(() => [...new Set(all.map((s) => s.dialect))].sort(), [all]);
  const tags = useMemo(() => [...new Set(all.flatMap((s) => s.tags))].sort(), [all]);
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const shown = all.filter(
    (s) => (!dialect || s.dialect === dialect) && (!tag || s.tags.includes(tag)) && matches(s, words),
  );

  return (
    <section>
      <h1>Skills</h1>
      <div className="filters" role="search">
        <label>
          Search{' '}
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="words in id, description, tags"
          />
        </label>
        <ChoiceFilter label="Dialect" value={dialect} choices={dialects} onChange={setDialect} />
        <ChoiceFilter label="Tag" value={tag} choices={tags} onChange={setTag} />
      </div>
      {skills.error && (
        <p className="error" role="alert">
          {skills.error.message}
        </p>
      )}
      {skills.data && (
        <p className="muted">
          {shown.length} of {all.length} skills
        </p>
      )}
      <ul className="cards">
        {shown.map((s) => (
          <li key={s.id} className="card">
            <a href={href('skills', s.id)}>{s.id}</a>
            <span className={`badge dialect-${s.dialect}`}>{s.dialect}</span>
            <span className="muted"> {s.versions.map((v) => `v${v}`).join(', ')}</span>
            {!s.executable && <span className="badge">document</span>}
            {s.needsModel && <span className="badge needs-model">needs a model</span>}
            <p>{s.description}</p>
            {s.tags.length > 0 && (
              <p className="tags">
                {s.tags.map((t) => (
                  <span key={t} className="tag">
                    {t}
                  </span>
                ))}
              </p>
            )}
          </li>
        ))}
      </ul>
      {broken.data && broken.data.files.length > 0 && (
        <section aria-labelledby="broken">
          <h2 id="broken">Files that did not load</h2>
          <ul className="broken">
            {broken.data.files.map((f) => (
              <li key={f.path}>
                <code>{f.path}</code>
                <ul>
                  {f.diagnostics.map((d, i) => (
                    <li key={i} className={d.severity}>
                      {d.line}:{d.column} {d.severity} <code>{d.code}</code> {d.message}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}
