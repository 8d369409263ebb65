import type { YamlBlock } from '../kit/yaml-block.js';
import type { YAMLMap } from 'yaml';

/** A YAML mapping that declares something, with its block for positions. */
export interface Place {
  block: YamlBlock;
  map: YAMLMap;
  fields: Record<string, unknown>;
}

/** A node: a single-node block, or one entry of a subgraph's `nodes`. */
export interface NodeDecl {
  /** Full path, e.g. `/main/ask_user`. */
  path: string;
  type: string;
  place: Place;
  /** File offset of its path (heading) or `id`, for messages. */
  offset: number;
  /** The subgraph it was written in, if any. */
  container?: ContainerDecl;
}

/** A reference to a node written in the file, with its file offsets. */
export interface Ref {
  text: string;
  start: number;
  end: number;
}

/** A subgraph container (`graph_type: subgraph`). */
export interface ContainerDecl {
  path: string;
  place: Place;
  offset: number;
  nodes: NodeDecl[];
  /** Its `edges` list, when it has one. */
  edges?: { from: Ref; to: Ref }[];
  entry?: Ref;
  exit?: Ref;
}

/** A Python codelet. */
export interface CodeletDecl {
  path: string;
  place: Place;
  offset: number;
  source: string;
}

/** A resource, reachable in templates as `resources.<name>`. */
export interface ResourceDecl {
  path: string;
  name: string;
  place: Place;
  offset: number;
}

/** What a path names. */
export type DeclKind = 'node' | 'subgraph' | 'codelet' | 'resource' | 'meta';

/** Everything the blocks of a file declare, in the order written. */
export interface Declarations {
  nodes: NodeDecl[];
  containers: ContainerDecl[];
  codelets: Map<string, CodeletDecl>;
  resources: ResourceDecl[];
  meta?: Place & { offset: number };
  /** Every declared path (containers without their trailing `/`) and where it was declared. */
  paths: Map<string, { kind: DeclKind; offset: number }>;
  /** Paths whose block could not be read (already reported): references to them stay quiet. */
  unreadable: Set<string>;
}
