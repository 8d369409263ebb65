// The entry of a thread that counts tokens for count-in-threads.ts: it counts the texts it is given
// and answers with their counts, in order.
import { parentPort, workerData } from 'node:worker_threads';
import { count } from './count.js';

parentPort!.postMessage((workerData as string[]).map(count));
