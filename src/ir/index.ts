export * from './diagnostic.js';
export * from './source.js';
export * from './schema.js';
export * from './expr.js';
export * from './nodes.js';
export * from './graph.js';
export * from './skill.js';
export * from './errors.js';
