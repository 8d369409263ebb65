import {
  ariaDescribedByIds,
  errorId,
  getUiOptions,
  helpId,
  type FieldProps,
  type FieldTemplateProps,
  type ObjectFieldTemplateProps,
  type WidgetProps,
} from '@rjsf/utils';
import { useState } from 'react';

/**
 * A field as Skein lays it out: labelled by its title (the required mark hidden from its accessible
 * name), a checkbox group as a fieldset named by its legend, a checkbox labelled by its own label,
 * then its help and its errors (the client's, else the server's).
 */
export function FieldTemplate(props: FieldTemplateProps) {
  const { id, label, children, rawErrors, rawHelp, required, hidden, schema, uiSchema, fieldPathId } = props;
  if (hidden) return <div hidden>{children}</div>;
  if (fieldPathId.path.length === 0) return children;
  const mark = required && <span aria-hidden="true"> *</span>;
  const notes = (
    <>
      {rawHelp && (
        <small id={helpId(id)} className="help">
          {rawHelp}
        </small>
      )}
      {!!rawErrors?.length && (
        <small id={errorId(id)} className="error">
          {rawErrors.join('; ')}
        </small>
      )}
    </>
  );
  if (getUiOptions(uiSchema).widget === 'checkboxes')
    return (
      <fieldset className="field" aria-describedby={ariaDescribedByIds(id)}>
        <legend>
          {label}
          {mark}
        </legend>
        {children}
        {notes}
      </fieldset>
    );
  if (schema.type === 'boolean')
    return (
      <div className="field checkbox">
        {children}
        {notes}
      </div>
    );
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {mark}
      </label>
      {children}
      {notes}
    </div>
  );
}

/** The fields of the input one after another, without the object's own title. */
export function ObjectFieldTemplate({ properties }: ObjectFieldTemplateProps) {
  return <>{properties.map((p) => p.content)}</>;
}

/** A list of strings, one a line. */
export function LinesWidget({ id, value, placeholder, required, onChange }: WidgetProps) {
  const [text, setText] = useState(() => (Array.isArray(value) ? value.join('\n') : ''));
  return (
    <textarea
      id={id}
      rows={3}
      required={required}
      aria-describedby={ariaDescribedByIds(id)}
      placeholder={placeholder || 'one per line'}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        const lines = e.target.value
          .split('\n')
          .map((l) => l.trim())
          .filter(Boolean);
        onChange(lines.length ? lines : undefined);
      }}
    />
  );
}

/** Any other value (an object, a list of objects, a value of no type), written as JSON. */
export function JsonField({ fieldPathId, formData, required, onChange, uiSchema }: FieldProps) {
  const id = fieldPathId.$id;
  const [text, setText] = useState(() => (formData === undefined ? '' : JSON.stringify(formData, null, 2)));
  return (
    <textarea
      id={id}
      rows={4}
      required={required}
      aria-describedby={ariaDescribedByIds(id)}
      placeholder={String(uiSchema?.['ui:placeholder'] ?? 'JSON')}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(parsed(e.target.value), fieldPathId.path);
      }}
    />
  );
}

function parsed(text: string): unknown {
  if (!text.trim()) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}
