/**
 * The UTF-16 code units of a text as an array. Hot scanners index it instead of calling
 * `charCodeAt` per unit: texts arrive as flat, cons and sliced, one- and two-byte strings, and a
 * `charCodeAt` call site that has seen them all pays a megamorphic property lookup per call.
 */
export function codeUnits(text: string): Uint16Array {
  const bytes = Buffer.from(text, 'utf16le');
  if (bytes.byteOffset % 2 === 0) {
    return new Uint16Array(bytes.buffer, bytes.byteOffset, text.length);
  }
  const units = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
  return units;
}
