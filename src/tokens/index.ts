export { count, countsAreExact } from './count.js';
export { cut, type Cut } from './cut.js';
export { countAll } from './count-in-threads.js';
