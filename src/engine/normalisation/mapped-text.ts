import type { MappedText } from '../plugin-registry/plugin-contract';

/** 0, 1, 2, ...: identity maps are copied out of it (grown on demand). */
let identity = Int32Array.from({ length: 1024 }, (_, i) => i);

/** Identity mapping: every character maps to its own offset. */
export function mappedFromString(text: string): MappedText {
  if (identity.length <= text.length) {
    identity = Int32Array.from(
      { length: Math.max(text.length + 1, identity.length * 2) },
      (_, i) => i,
    );
  }
  return { text, map: identity.slice(0, text.length + 1) };
}

/**
 * Accumulates output characters together with the offset (in the ORIGINAL text) each one
 * comes from, so every normalisation step keeps spans pointing into the request text.
 */
export class MappedTextBuilder {
  private readonly parts: string[] = [];
  private offsets: Int32Array;
  private length = 0;

  constructor(capacityHint: number) {
    this.offsets = new Int32Array(Math.max(16, capacityHint + 1));
  }

  /** Appends `chunk`; every UTF-16 unit of it maps to `originalOffset`. */
  push(chunk: string, originalOffset: number): void {
    const needed = this.length + chunk.length + 1;
    if (needed > this.offsets.length) {
      const grown = new Int32Array(Math.max(needed, this.offsets.length * 2));
      grown.set(this.offsets.subarray(0, this.length));
      this.offsets = grown;
    }
    for (let i = 0; i < chunk.length; i++) this.offsets[this.length + i] = originalOffset;
    this.length += chunk.length;
    this.parts.push(chunk);
  }

  /** Appends `source[start, end)` unchanged, each unit keeping its own offset from `offsets`. */
  pushSlice(source: string, offsets: Int32Array, start: number, end: number): void {
    if (end <= start) return;
    const needed = this.length + (end - start) + 1;
    if (needed > this.offsets.length) {
      const grown = new Int32Array(Math.max(needed, this.offsets.length * 2));
      grown.set(this.offsets.subarray(0, this.length));
      this.offsets = grown;
    }
    this.offsets.set(offsets.subarray(start, end), this.length);
    this.length += end - start;
    this.parts.push(source.slice(start, end));
  }

  get size(): number {
    return this.length;
  }

  build(endOffset: number): MappedText {
    const map = new Int32Array(this.length + 1);
    map.set(this.offsets.subarray(0, this.length));
    map[this.length] = endOffset;
    return { text: this.parts.join(''), map };
  }
}

/** Original-text span of the normalised range [start, end). */
export function originalSpan(
  mapped: MappedText,
  start: number,
  end: number,
): { start: number; end: number } {
  const from = mapped.map[start];
  // The end is where the next normalised character starts, or the text's end.
  const to = end > start ? originalEndOf(mapped, end) : from;
  return { start: from, end: Math.max(from, to) };
}

function originalEndOf(mapped: MappedText, end: number): number {
  if (end >= mapped.text.length) return mapped.map[mapped.text.length];
  // Characters produced from one original position share its offset: the span ends
  // at the first later original offset.
  const last = mapped.map[end - 1];
  const next = mapped.map[end];
  return next > last ? next : last + 1;
}
