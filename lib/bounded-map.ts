/**
 * Sets `key` in a map that keeps at most `capacity` entries: a new key past the bound first drops the
 * oldest entry (a Map iterates in insertion order). For the per-process memos of decoded session
 * tokens, verified beta cookies, session rows, parsed log entries and encoded frames, which must not
 * grow with what clients send.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, capacity: number): void {
  if (map.size >= capacity && !map.has(key)) map.delete(map.keys().next().value!);
  map.set(key, value);
}
