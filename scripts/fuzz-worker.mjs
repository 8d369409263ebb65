// The worker thread of scripts/fuzz.ts: loader hooks are per thread, so tsx is registered here first.
import { register } from 'tsx/esm/api';

register();
await import('./fuzz.ts');
