export { calibrateThreshold, type Calibration } from './calibrate.js';
export { buildRouteIndex, RouteIndex, DEFAULT_THRESHOLD } from './route-index.js';
export { persistRouteIndex, restoreRouteIndex, type PersistedRouteIndex } from './persisted-index.js';
export { DEFAULT_SETTINGS, type RouterSettings, type Decision } from './settings.js';
export type { RouteResult, RouteCandidate, RouteChoice, RouteOptions } from './types.js';
export { fillInput, type MissingField } from './fill-input.js';
export { checkRouteOverlap } from './check-overlap.js';
