/**
 * How a value displays as text: null and missing as "", strings as they are, numbers the way JavaScript
 * writes them (integral values have no decimals, -0 is "0"), objects and arrays as compact JSON.
 */
export function formatValue(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return value;
    case 'number':
    case 'bigint':
      return String(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'object':
      return value === null ? '' : (JSON.stringify(value) ?? '');
    default:
      return '';
  }
}
