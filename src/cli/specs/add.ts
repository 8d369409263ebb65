import { defineCommand } from '../command-spec.js';
import { YES } from './shared-options.js';

/** `skein add`. */
export const addSpec = defineCommand({
  name: 'add',
  args: 'SOURCE',
  summary: 'install skills from a folder, git repository, tarball or site; record them in skein.lock',
  details: [
    'SOURCE: a folder; a git URL, or a path with #REF (branch, tag or commit) and :SUBPATH (repo#v1:skills);',
    'a .tar.gz/.tgz/.tar path or URL; a site, or its /.well-known/agent-skills/index.json.',
    'Shows the skills, their files, scripts and allowed tools, and asks before writing; nothing is run.',
  ],
  options: {
    yes: YES,
  },
  completes: 'files',
});

/** `skein install`. */
export const installSpec = defineCommand({
  name: 'install',
  args: '[NAME...]',
  summary: 'install the skills of skein.lock from their sources; refuse any file whose digest differs',
  options: {},
  completes: 'none',
});

/** `skein update`. */
export const updateSpec = defineCommand({
  name: 'update',
  args: '[NAME...]',
  summary: 'fetch installed skills again at their ref, show what changed, and update skein.lock',
  options: {
    yes: YES,
  },
  completes: 'none',
});

/** `skein remove`. */
export const removeSpec = defineCommand({
  name: 'remove',
  args: 'NAME...',
  summary: 'delete installed skills and their skein.lock entries',
  options: {},
  completes: 'none',
});
