/** A map that keeps at most `max` entries, dropping the least recently used one (and telling `onEvict`). */
export class Lru<K, V> {
  private readonly entries = new Map<K, V>();
  /**
   * The key stored or read last, already the most recent: read again, it is not moved. A move deletes
   * and sets the entry (a Map that long-lived gets the caller's key and outgrows its hash table, both
   * kept until a full collection: 1.7 MB more of the heap at the peak of 10,000 resumes of one await).
   */
  private newest: K | undefined;

  constructor(
    private readonly max: number,
    private readonly onEvict: (key: K, value: V) => void = () => {},
  ) {}

  /** The value for `key`, which becomes the most recently used. */
  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value !== undefined && key !== this.newest) {
      this.entries.delete(key);
      this.entries.set(key, value);
      this.newest = key;
    }
    return value;
  }

  /** Stores a value; the oldest entry goes when the map is full. */
  set(key: K, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, value);
    this.newest = key;
    if (this.entries.size <= this.max) return;
    const [oldest, old] = this.entries.entries().next().value as [K, V];
    this.entries.delete(oldest);
    if (oldest === key) this.newest = undefined;
    this.onEvict(oldest, old);
  }

  get size(): number {
    return this.entries.size;
  }
}
