import { useMemo, useState, type FormEvent } from 'react';
import type { FieldError, Schema } from '../api/types';
import { collect, fieldsOf, initialValues, type Field, type FormValue } from './fields';

interface Props {
  schema: Schema;
  /** The button's name: "Run" or "Resume". */
  submit: string;
  /** Values to start from (a recent input); else each field's default. */
  start?: Record<string, unknown>;
  /** Sends the input; resolves with the server's field errors when it refused it. */
  onSubmit(input: Record<string, unknown>): Promise<FieldError[] | void>;
}

/** A form for an object schema, with a raw-JSON toggle; the server's field messages are shown last. */
export function SchemaForm({ schema, submit, start, onSubmit }: Props) {
  const fields = useMemo(() => fieldsOf(schema), [schema]);
  const [values, setValues] = useState(() => initialValues(fields, start));
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A schema with no fields that takes any object starts as JSON: there is nothing else to fill in.
  const [raw, setRaw] = useState<string | undefined>(() =>
    fields.length === 0 && schema.additionalProperties !== false
      ? JSON.stringify(start ?? {}, null, 2)
      : undefined,
  );
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string>();

  const send = async (input: Record<string, unknown>) => {
    setBusy(true);
    try {
      const refused = await onSubmit(input);
      if (refused?.length) {
        setErrors(
          Object.fromEntries(
            refused.map((f) => [f.field.replace(/^\/|^input\.?/, '') || '(input)', f.message]),
          ),
        );
        setFormError(refused.map((f) => `${f.field}: ${f.message}`).join('; '));
      }
    } finally {
      setBusy(false);
    }
  };

  const onFormSubmit = (e: FormEvent) => {
    e.preventDefault();
    setFormError(undefined);
    if (raw !== undefined) {
      let parsed: unknown;
      try {
        parsed = JSON.parse(raw);
      } catch (error) {
        return setFormError(`The JSON does not parse: ${(error as Error).message}`);
      }
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
        return setFormError('The input must be a JSON object');
      return void send(parsed as Record<string, unknown>);
    }
    const result = collect(fields, values);
    setErrors(result.errors);
    if (Object.keys(result.errors).length) return setFormError('Some fields need a change');
    void send(result.input);
  };

  const toggleRaw = () => {
    if (raw === undefined) setRaw(JSON.stringify(collect(fields, values).input, null, 2));
    else {
      try {
        setValues(initialValues(fields, JSON.parse(raw) as Record<string, unknown>));
      } catch {
        // keep the form as it was
      }
      setRaw(undefined);
    }
  };

  return (
    <form className="schema-form" onSubmit={onFormSubmit} noValidate>
      <label className="toggle">
        <input type="checkbox" checked={raw !== undefined} onChange={toggleRaw} /> Raw JSON
      </label>
      {raw !== undefined ? (
        <label className="field">
          <span>Input JSON</span>
          <textarea
            rows={Math.max(6, raw.split('\n').length + 1)}
            value={raw}
            onChange={(e) => setRaw(e.target.value)}
            spellCheck={false}
          />
        </label>
      ) : (
        fields.map((f) => (
          <FieldInput
            key={f.name}
            field={f}
            value={values[f.name]}
            error={errors[f.name]}
            onChange={(v) => setValues({ ...values, [f.name]: v })}
          />
        ))
      )}
      {raw === undefined && fields.length === 0 && <p className="muted">This takes no input.</p>}
      {formError && (
        <p className="error" role="alert">
          {formError}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {submit}
      </button>
    </form>
  );
}

function FieldInput({
  field: f,
  value,
  error,
  onChange,
}: {
  field: Field;
  value: FormValue;
  error?: string;
  onChange(v: FormValue): void;
}) {
  const id = `field-${f.name}`;
  const described =
    [f.help ? `${id}-help` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    'aria-describedby': described,
    'aria-invalid': error ? true : undefined,
    required: f.required,
  };
  const notes = (
    <>
      {f.help && (
        <small id={`${id}-help`} className="help">
          {f.help}
        </small>
      )}
      {error && (
        <small id={`${id}-error`} className="error">
          {error}
        </small>
      )}
    </>
  );
  if (f.widget === 'checkbox')
    return (
      <div className="field checkbox">
        <label>
          <input
            type="checkbox"
            {...common}
            required={false}
            checked={value === true}
            onChange={(e) => onChange(e.target.checked)}
          />{' '}
          {f.label}
        </label>
        {notes}
      </div>
    );
  if (f.widget === 'checkboxes') {
    const chosen = value as number[];
    return (
      <fieldset className="field" aria-describedby={described}>
        <legend>
          {f.label}
          {f.required && <span aria-hidden="true"> *</span>}
        </legend>
        {f.choices.map((c, i) => (
          <label key={i} className="choice">
            <input
              type="checkbox"
              checked={chosen.includes(i)}
              onChange={(e) =>
                onChange(e.target.checked ? [...chosen, i].sort() : chosen.filter((x) => x !== i))
              }
            />{' '}
            {c.label}
          </label>
        ))}
        {notes}
      </fieldset>
    );
  }
  const label = (
    <label htmlFor={id}>
      {f.label}
      {f.required && <span aria-hidden="true"> *</span>}
    </label>
  );
  let input;
  if (f.widget === 'select')
    input = (
      <select {...common} value={String(value)} onChange={(e) => onChange(e.target.value)}>
        <option value="">{f.placeholder ?? '— choose —'}</option>
        {f.choices.map((c, i) => (
          <option key={i} value={String(i)}>
            {c.label}
          </option>
        ))}
      </select>
    );
  else if (f.widget === 'textarea' || f.widget === 'json' || f.widget === 'lines')
    input = (
      <textarea
        {...common}
        rows={f.widget === 'json' ? 4 : 3}
        placeholder={
          f.placeholder ?? (f.widget === 'json' ? 'JSON' : f.widget === 'lines' ? 'one per line' : undefined)
        }
        value={String(value)}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  else
    input = (
      <input
        {...common}
        type={
          f.widget === 'number' || f.widget === 'integer' ? 'number' : f.widget === 'date' ? 'date' : 'text'
        }
        step={f.widget === 'number' ? 'any' : undefined}
        min={f.widget === 'number' || f.widget === 'integer' ? f.min : undefined}
        max={f.widget === 'number' || f.widget === 'integer' ? f.max : undefined}
        placeholder={f.placeholder}
        value={String(value)}
        onChange={(e) => onChange(e.target.value)}
      />
    );
  return (
    <div className="field">
      {label}
      {input}
      {notes}
    </div>
  );
}
