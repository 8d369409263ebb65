/** The value a node that continues on error takes instead of failing the run. */
export function failureValue(e: unknown): { _error: string; _failed: true } {
  return { _error: e instanceof Error ? e.message : String(e), _failed: true };
}
