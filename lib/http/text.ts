// PostgreSQL cannot store U+0000 in text (and SQLite's full-text MATCH stops at it), so a NUL in any
// request text is refused with a 400 before it reaches a query, the same on both databases.

export const nulCharacterMessage = 'Text must not contain NUL (\\u0000) characters.';

interface PathNode {
  key: string;
  parent: PathNode | null;
}

function joinPath(node: PathNode | null): string {
  const keys: string[] = [];
  for (let at = node; at; at = at.parent) keys.push(at.key);
  return keys.length ? keys.reverse().join('.') : '_';
}

/** The dotted path of the first string (or key) holding U+0000, '_' for the value itself; null when none does. */
export function pathOfNulCharacter(value: unknown): string | null {
  // Iterative, with the path kept as parent links: a body may be nested thousands of levels deep,
  // and copying the path at each level would cost the square of the depth.
  const stack: [unknown, PathNode | null][] = [[value, null]];
  while (stack.length) {
    const [current, node] = stack.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return joinPath(node);
    } else if (current !== null && typeof current === 'object' && !(current instanceof Date)) {
      for (const [key, child] of Object.entries(current)) {
        const childNode = { key, parent: node };
        if (key.includes('\u0000')) return joinPath(childNode);
        stack.push([child, childNode]);
      }
    }
  }
  return null;
}
