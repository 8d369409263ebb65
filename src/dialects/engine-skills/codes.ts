/** The codes of `engine/…` diagnostics: tests and tools match on them, so each is stable. */
export type EngineSkillCode =
  | 'bad-condition'
  | 'bad-frontmatter'
  | 'bad-json'
  | 'bad-name'
  | 'bad-provides'
  | 'bad-schema'
  | 'bad-version'
  | 'condition-root'
  | 'duplicate-entry'
  | 'duplicate-script'
  | 'empty-field'
  | 'empty-skill-md'
  | 'fixed-part'
  | 'internal-error'
  | 'missing-description'
  | 'missing-meta'
  | 'missing-name'
  | 'missing-output-schema'
  | 'missing-skill-md'
  | 'model-without-provider'
  | 'name-mismatch'
  | 'profile-not-provided'
  | 'provider-without-model'
  | 'script-entry-missing'
  | 'undeclared-data'
  | 'unknown-field'
  | 'wrong-type'
  | 'wrong-value';

/** A code as diagnostics carry it, with the dialect's prefix. */
export type EngineDiagnosticCode = `engine/${EngineSkillCode}`;
