// Runs inside an interpreter worker, before Pyodide loads.

/** The part of `WebAssembly.Memory` used here (the project's lib settings leave out the wasm types). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(deltaPages: number): number;
}

const PAGE_BYTES = 65536;

/**
 * Caps every WebAssembly memory of this thread at `maxBytes`. Pyodide grows its heap through
 * `WebAssembly.Memory.prototype.grow` (malloc → sbrk → emscripten_resize_heap); a refused growth
 * makes malloc return NULL, which Python reports as MemoryError, so the interpreter stays usable.
 */
export function limitWasmMemory(maxBytes: number): void {
  const { prototype } = (globalThis as unknown as { WebAssembly: { Memory: { prototype: WasmMemory } } })
    .WebAssembly.Memory;
  const grow = prototype.grow;
  prototype.grow = function (this: WasmMemory, deltaPages: number): number {
    if (this.buffer.byteLength + deltaPages * PAGE_BYTES > maxBytes)
      throw new RangeError(`the sandbox's memory limit of ${Math.round(maxBytes / 2 ** 20)} MB is reached`);
    return grow.call(this, deltaPages);
  };
}
