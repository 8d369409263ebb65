export { toMermaid } from './mermaid.js';
export { generateGraph, type GenerateRequest, type GenerateResult } from './generate/generate-graph.js';
export { extractGraph } from './generate/extract-graph.js';
export { GRAPH_INSTRUCTIONS } from './generate/instructions.js';
export { graphView, type GraphView } from './graph-view.js';
