import type { LanguageModelV3 } from '@ai-sdk/provider';

/** A model ready to call, with the `provider:model` string it was resolved from. */
export interface ResolvedModel {
  model: LanguageModelV3;
  id: string;
  /** The provider has a JSON answer mode that `completeJson` may switch on. */
  jsonMode?: boolean;
}
