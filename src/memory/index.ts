export type { MemoryService, MemoryHit, StoredMemory, ForgetTarget } from './memory-service.js';
export { SqliteMemory } from './memory-store.js';
export { lazyMemory, type LazyMemory } from './lazy-memory.js';
export { indexTerms, matchQuery } from './cjk-terms.js';
