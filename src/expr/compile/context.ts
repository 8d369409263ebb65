import type { Scope } from '../../ir/expr.js';
import type { Span } from '../ast.js';
import type { Semantics } from './semantics.js';
import type { Site } from './site.js';

/** One level of `{{#for}}` while rendering: the current element and, when it is an object, its fields. */
export interface Frame {
  readonly parent: Frame | null;
  element: unknown;
  fields: Readonly<Record<string, unknown>> | null;
}

/** A compiled expression. */
export type Evaluate = (scope: Scope, frame: Frame | null) => unknown;

/** A compiled piece of template. */
export type Render = (scope: Scope, frame: Frame | null) => string;

/** What the compiler needs besides the tree. */
export interface CompileContext {
  readonly semantics: Semantics;
  /** The text the tree's offsets point into. */
  readonly source: string;
  /** How many `{{#for}}` bodies enclose the code being compiled. */
  readonly depth: number;
  /** Where runtime errors of the expression at this span point (the syntax decides: usually its `{{` tag). */
  siteAt(span: Span): Site;
}

export type { Site } from './site.js';
