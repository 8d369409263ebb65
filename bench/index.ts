import { benchAegisParse } from './aegis-parse.js';
import { benchAsyncChain } from './async-chain.js';
import { benchChain } from './chain.js';
import { benchCodelet } from './codelet.js';
import { benchColdStart } from './cold-start.js';
import { benchColdValidate } from './cold-validate.js';
import { benchGraphFanout } from './graph-fanout.js';
import { benchPauses } from './pauses.js';
import { benchResumeHeap } from './resume-heap.js';
import { benchHostileGrowth } from './hostile-growth.js';
import { benchYamlCost } from './yaml-cost.js';
import { benchRoute } from './route.js';
import { benchServerMixed } from './server-mixed.js';
import { benchServerThroughput } from './server-throughput.js';
import { benchSkillDoc } from './skilldoc.js';
import { benchTemplateRender } from './template-render.js';
import { benchTraceOverhead } from './trace-overhead.js';
import { benchWorkers } from './workers.js';

// Each benchmark registers, runs and prints its own ratios, one after another in one process (the
// server benchmarks start their servers as processes of their own).
await benchTemplateRender();
await benchAegisParse();
benchColdValidate();
benchColdStart();
benchHostileGrowth();
benchYamlCost();
await benchSkillDoc();
await benchCodelet();
await benchGraphFanout();
benchChain();
benchAsyncChain();
benchPauses();
benchResumeHeap();
benchRoute();
await benchServerThroughput();
await benchServerMixed();
benchTraceOverhead();
await benchWorkers();
