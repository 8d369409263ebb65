import type { Expr, Span } from '../ast.js';

/** A piece of pipeline text: plain text, a `{{ value }}` tag, or (in prompt templates) an `{{#if}}` block. */
export type TextNode = PlainText | Tag | IfBlock;

export interface PlainText {
  readonly kind: 'text';
  readonly text: string;
}

/** `{{ expr }}`; the span covers the braces. */
export interface Tag extends Span {
  readonly kind: 'tag';
  readonly expr: Expr;
}

/** `{{#if expr}} … {{else}} … {{/if}}`; the span covers the opening tag. */
export interface IfBlock extends Span {
  readonly kind: 'if';
  readonly test: Expr;
  readonly then: readonly TextNode[];
  readonly otherwise: readonly TextNode[];
}
