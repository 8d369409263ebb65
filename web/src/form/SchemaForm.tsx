import Form from '@rjsf/core';
import type { ErrorSchema } from '@rjsf/utils';
import { useMemo, useState, type FormEvent } from 'react';
import type { FieldError, JsonSchema } from '../api/types';
import { FieldTemplate, JsonField, LinesWidget, ObjectFieldTemplate } from './templates';
import { toRjsf } from './to-rjsf';
import { validator } from './validator';

interface Props {
  schema: JsonSchema;
  /** The button's name: "Run" or "Resume". */
  submit: string;
  /** Values to start from (a recent input); else each field's default. */
  start?: Record<string, unknown>;
  /** What the fields' ids start with: forms shown together need different ones (default `field`). */
  idPrefix?: string;
  /** Sends the input; resolves with the server's field errors when it refused it. */
  onSubmit(input: Record<string, unknown>): Promise<FieldError[] | void>;
}

type Input = Record<string, unknown>;

const templates = { FieldTemplate, ObjectFieldTemplate };
const widgets = { lines: LinesWidget };
const fields = { json: JsonField };

/** A form for an object schema (react-jsonschema-form), with a raw-JSON toggle; the server's field messages are shown last. */
export default function SchemaForm({ schema, submit, start, idPrefix = 'field', onSubmit }: Props) {
  const form = useMemo(() => toRjsf(schema), [schema]);
  const empty = Object.keys(form.schema.properties ?? {}).length === 0;
  const [values, setValues] = useState<Input>(() => ({ ...start }));
  // Widgets that keep their own text start again when the values are replaced from the JSON.
  const [generation, setGeneration] = useState(0);
  const [serverErrors, setServerErrors] = useState<ErrorSchema>();
  // A schema with no fields that takes any object starts as JSON: there is nothing else to fill in.
  const [raw, setRaw] = useState<string | undefined>(() =>
    empty && schema.additionalProperties !== false ? JSON.stringify(start ?? {}, null, 2) : undefined,
  );
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string>();

  const send = async (input: Input) => {
    setBusy(true);
    setFormError(undefined);
    setServerErrors(undefined);
    try {
      const refused = await onSubmit(input);
      if (refused?.length) {
        setServerErrors(errorSchemaOf(refused));
        setFormError(refused.map((f) => `${f.field}: ${f.message}`).join('; '));
      }
    } finally {
      setBusy(false);
    }
  };

  const onRawSubmit = (e: FormEvent) => {
    e.preventDefault();
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw ?? '');
    } catch (error) {
      return setFormError(`The JSON does not parse: ${(error as Error).message}`);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
      return setFormError('The input must be a JSON object');
    void send(parsed as Input);
  };

  const toggleRaw = () => {
    setFormError(undefined);
    if (raw === undefined) return setRaw(JSON.stringify(values, null, 2));
    try {
      setValues(JSON.parse(raw) as Input);
      setGeneration(generation + 1);
    } catch {
      // keep the form as it was
    }
    setRaw(undefined);
  };

  const footer = (
    <>
      {formError && (
        <p className="error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {submit}
      </button>
    </>
  );
  const toggle = (
    <label className="toggle">
      <input type="checkbox" checked={raw !== undefined} onChange={toggleRaw} /> Raw JSON
    </label>
  );

  if (raw !== undefined)
    return (
      <div className="schema-form">
        {toggle}
        <form className="schema-form" onSubmit={onRawSubmit} noValidate>
          <label className="field">
            <span>Input JSON</span>
            <textarea
              rows={Math.max(6, raw.split('\n').length + 1)}
              value={raw}
              onChange={(e) => setRaw(e.target.value)}
              spellCheck={false}
            />
          </label>
          {footer}
        </form>
      </div>
    );
  return (
    <div className="schema-form">
      {toggle}
      <Form
        key={generation}
        className="schema-form"
        schema={form.schema}
        uiSchema={form.uiSchema}
        validator={validator}
        templates={templates}
        widgets={widgets}
        fields={fields}
        formData={values}
        extraErrors={serverErrors}
        idPrefix={idPrefix}
        idSeparator="-"
        noHtml5Validate
        showErrorList={false}
        onChange={(e) => setValues((e.formData ?? {}) as Input)}
        onError={() => setFormError('Some fields need a change')}
        onSubmit={(e) => void send((e.formData ?? {}) as Input)}
      >
        {empty && <p className="muted">This takes no input.</p>}
        {footer}
      </Form>
    </div>
  );
}

/** The server's field errors placed at their fields (`/tea`, `input.tea` or `tea` name the field `tea`). */
function errorSchemaOf(refused: FieldError[]): ErrorSchema {
  const schema: Record<string, { __errors: string[] }> = {};
  for (const f of refused) {
    const name = f.field.replace(/^\/|^input\.?/, '').split(/[/.]/)[0];
    if (name) (schema[name] ??= { __errors: [] }).__errors.push(f.message);
  }
  return schema as ErrorSchema;
}
