/** A map that keeps at most `max` entries, dropping the least recently used one (and telling `onEvict`). */
export class Lru<K, V> {
  private readonly entries = new Map<K, V>();

  constructor(
    private readonly max: number,
    private readonly onEvict: (key: K, value: V) => void = () => {},
  ) {}

  /** The value for `key`, which becomes the most recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined) {
      this.entries.delete(key);
      this.entries.set(key, value);
    }
    return value;
  }

  /** Stores a value; the oldest entry goes when the map is full. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size <= this.max) return;
    const [oldest, old] = this.entries.entries().next().value as [K, V];
    this.entries.delete(oldest);
    this.onEvict(oldest, old);
  }

  get size(): number {
    return this.entries.size;
  }
}
