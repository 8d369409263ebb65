import { defineCommand } from '../command-spec.js';

/** `skein schedules`. */
export const schedulesSpec = defineCommand({
  name: 'schedules',
  args: '',
  summary: 'the schedules of skein.yaml and when each fires next',
  details: ['skein serve and skein worker fire them: one run per tick however many of them run.'],
  options: {},
  completes: 'none',
});
