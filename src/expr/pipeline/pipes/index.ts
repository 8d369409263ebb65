import type { ExprFunction } from '../../compile/semantics.js';
import { defaultPipe } from './default.js';
import { formatSkills } from './format-skills.js';
import { join } from './join.js';
import { json } from './json.js';
import { map } from './map.js';
import { or } from './or.js';
import { slice } from './slice.js';

/** Every pipe of the pipeline syntax, by name; `or` is also what `a || b` compiles to. */
export const pipes: Readonly<Record<string, ExprFunction>> = {
  map,
  pluck: map,
  join,
  slice,
  default: defaultPipe,
  json,
  or,
  format_skills: formatSkills,
};
