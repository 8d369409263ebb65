import type { Diagnostic } from '../../ir/diagnostic.js';
import { closest } from '../kit/did-you-mean.js';
import type { JsonFile, JsonPath } from './json-file.js';
import type { EngineSkillCode } from './codes.js';

/** Reads typed fields out of a JSON file, reporting each wrong one with its position. */
export class FieldReader {
  constructor(
    readonly json: JsonFile,
    readonly out: Diagnostic[],
  ) {}

  /** Records an error at a value (or key). */
  error(code: EngineSkillCode, message: string, path: JsonPath, part: 'value' | 'key' = 'value'): void {
    this.out.push(this.json.diagnostic('error', `engine/${code}`, message, path, part));
  }

  /** Records a warning at a value (or key). */
  warn(code: EngineSkillCode, message: string, path: JsonPath, part: 'value' | 'key' = 'value'): void {
    this.out.push(this.json.diagnostic('warning', `engine/${code}`, message, path, part));
  }

  /** Warns about keys of an object that are not known, with the closest known one. */
  unknownKeys(obj: Record<string, unknown>, path: JsonPath, known: readonly string[], where: string): void {
    for (const key of Object.keys(obj)) {
      if (known.includes(key)) continue;
      const near = closest(key, known);
      this.warn(
        'unknown-field',
        `${where} has "${key}", which Skein does not read and ignores${near ? `; did you mean "${near}"?` : `; known: ${known.join(', ')}`}`,
        [...path, key],
        'key',
      );
    }
  }

  /** A string, or undefined (with an error when present and not a string, or empty and `nonEmpty`). */
  string(value: unknown, path: JsonPath, name: string, nonEmpty = true): string | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'string')
      return void this.error('wrong-type', `${name} must be a string, e.g. "${name}": "…"`, path);
    if (nonEmpty && !value.trim())
      return void this.error('empty-field', `${name} is empty; write a value`, path);
    return value;
  }

  /** A list of strings (undefined when absent; wrong items are reported and left out). */
  strings(value: unknown, path: JsonPath, name: string): string[] | undefined {
    if (value === undefined) return undefined;
    if (!Array.isArray(value))
      return void this.error('wrong-type', `${name} must be a list of strings, e.g. ["a", "b"]`, path);
    const out: string[] = [];
    value.forEach((item, i) => {
      if (typeof item === 'string' && item.trim()) out.push(item);
      else this.error('wrong-type', `${name}[${i}] must be a non-empty string`, [...path, i]);
    });
    return out;
  }

  /** An object, or undefined (with an error when present and not an object). */
  record(value: unknown, path: JsonPath, name: string): Record<string, unknown> | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return void this.error('wrong-type', `${name} must be an object ({ … })`, path);
    return value as Record<string, unknown>;
  }

  /** A number within bounds (integer when `integer`), or undefined. */
  number(
    value: unknown,
    path: JsonPath,
    name: string,
    min: number,
    max: number,
    integer = false,
  ): number | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || (integer && !Number.isInteger(value)) || value < min || value > max)
      return void this.error(
        'wrong-value',
        `${name} must be ${integer ? 'a whole number' : 'a number'} from ${min} to ${max}`,
        path,
      );
    return value;
  }

  /** A boolean, or undefined. */
  boolean(value: unknown, path: JsonPath, name: string): boolean | undefined {
    if (value === undefined) return undefined;
    if (typeof value !== 'boolean')
      return void this.error('wrong-type', `${name} must be true or false`, path);
    return value;
  }
}
