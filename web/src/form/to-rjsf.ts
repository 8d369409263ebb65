import type { RJSFSchema, UiSchema } from '@rjsf/utils';
import type { JsonSchema } from '../api/types';

/** A choice of a select or checkbox group. */
interface Choice {
  title: string;
  const: unknown;
}

/**
 * The form for a skill's input schema: its JSON Schema with each property titled by Aegis `label`
 * (else `title`, else its name), Aegis `options` as `oneOf` consts, and a uiSchema carrying
 * placeholders, `description` as help, and the widget each property is asked with.
 */
export function toRjsf(input: JsonSchema): { schema: RJSFSchema; uiSchema: UiSchema } {
  const properties = (input.properties ?? {}) as Record<string, JsonSchema>;
  const schema: Record<string, RJSFSchema> = {};
  const uiSchema: UiSchema = {};
  for (const [name, prop] of Object.entries(properties)) {
    const [s, ui] = propertyOf(name, prop);
    schema[name] = s;
    uiSchema[name] = ui;
  }
  return { schema: { ...input, type: 'object', properties: schema } as RJSFSchema, uiSchema };
}

function propertyOf(name: string, prop: JsonSchema): [RJSFSchema, UiSchema] {
  const type = mainType(prop);
  const s: JsonSchema = { ...prop, title: String(prop['x-label'] ?? prop.title ?? name) };
  const ui: UiSchema = {};
  if (type) s.type = type;
  if (typeof prop.description === 'string') ui['ui:help'] = prop.description;
  delete s.description;
  if (prop['x-placeholder'] !== undefined) ui['ui:placeholder'] = String(prop['x-placeholder']);
  const choices = choicesOf(prop, type === 'array' ? ((prop.items ?? {}) as JsonSchema) : prop);
  if (type === 'array' && choices.length) {
    s.items = { oneOf: choices };
    s.uniqueItems = true;
    ui['ui:widget'] = 'checkboxes';
  } else if (choices.length) {
    delete s.enum;
    s.oneOf = choices;
    ui['ui:placeholder'] ??= '— choose —';
  } else if (type === 'array' && (prop.items as JsonSchema | undefined)?.type === 'string')
    ui['ui:widget'] = 'lines';
  else if (type === 'boolean') s.default ??= false;
  else if (type === 'string' && (prop['x-uiHint'] === 'textarea' || (prop.maxLength as number) > 200))
    ui['ui:widget'] = 'textarea';
  else if (type !== 'string' && type !== 'number' && type !== 'integer' && type !== 'boolean') {
    ui['ui:field'] = 'json';
    // A value of no declared type (a field derived from what a graph reads): text, or JSON for the rest.
    if (!type) ui['ui:placeholder'] ??= 'text, or a JSON value';
  }
  return [s as RJSFSchema, ui];
}

function mainType(prop: JsonSchema): string | undefined {
  const type = prop.type;
  if (Array.isArray(type)) return type.find((t) => t !== 'null') as string | undefined;
  if (typeof type === 'string') return type;
  if (Array.isArray(prop.enum)) return 'string';
  return undefined;
}

/** Choices from Aegis `options` (values or `{label, value}`), else from `enum` / `items.enum` / `oneOf` consts. */
function choicesOf(prop: JsonSchema, holder: JsonSchema): Choice[] {
  const options = prop['x-options'];
  if (Array.isArray(options))
    return options.map((o) =>
      o && typeof o === 'object' && 'value' in o
        ? { title: String((o as { label?: unknown }).label ?? o.value), const: o.value }
        : { title: String(o), const: o },
    );
  if (Array.isArray(holder.enum))
    return holder.enum.filter((v) => v !== null).map((v) => ({ title: String(v), const: v }));
  if (Array.isArray(holder.oneOf))
    return (holder.oneOf as JsonSchema[])
      .filter((o) => 'const' in o)
      .map((o) => ({ title: String(o.title ?? o.const), const: o.const }));
  return [];
}
