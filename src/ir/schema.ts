/** Skein's one internal schema form: a JSON Schema (draft 2020-12 subset understood by Ajv). */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  default?: unknown;
  description?: string;
  additionalProperties?: boolean | JsonSchema;
  [keyword: string]: unknown;
};

/** The schema that accepts any object. */
export const ANY_OBJECT: JsonSchema = { type: 'object' };
