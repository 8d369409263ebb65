/** Whether a value is an object whose fields can be read by name (arrays are not). */
export function isRecord(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Whether every object inherits something under this key (`constructor`, `__proto__`, `toString`, …). */
export function isInheritedName(key: string): boolean {
  return key in Object.prototype;
}

/**
 * A field read without reaching Object.prototype, so `constructor` or `__proto__` in a template never
 * exposes a built-in. Fields inherited from a scope's own prototype chain still count.
 */
export function dataField(object: object, key: string): unknown {
  for (let o: object | null = object; o !== null && o !== Object.prototype; o = Object.getPrototypeOf(o)) {
    if (Object.hasOwn(o, key)) return (o as Record<string, unknown>)[key];
  }
  return undefined;
}
