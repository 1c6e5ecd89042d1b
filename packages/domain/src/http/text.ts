/**
 * Text the database can store: PostgreSQL refuses a NUL character in text and JSON, and an
 * unpaired UTF-16 surrogate is no character at all (it would be stored as U+FFFD). Every string a
 * request carries (path, query, body, their keys, multipart fields and file names, headers that
 * reach a query) is checked once, before validation, and refused with a 400 naming the field.
 */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const UNSAFE_TEXT_MESSAGE = 'must not contain a NUL character or an unpaired surrogate';

export function isUnsafeText(value: string): boolean {
  return value.includes('\u0000') || UNPAIRED_SURROGATE.test(value);
}

interface Step {
  parent: Step | null;
  key: string | number;
}

function pathOf(step: Step | null): Array<string | number> {
  const path: Array<string | number> = [];
  for (let s = step; s; s = s.parent) path.push(s.key);
  return path.reverse();
}

/**
 * The path to the first string or object key in `value` that is not storable text, or null when
 * there is none. Walks without recursion, so a deeply nested body cannot overflow the stack.
 */
export function findUnsafeText(value: unknown): Array<string | number> | null {
  const stack: Array<{ value: unknown; at: Step | null }> = [{ value, at: null }];
  while (stack.length) {
    const { value: current, at } = stack.pop()!;
    if (typeof current === 'string') {
      if (isUnsafeText(current)) return pathOf(at);
    } else if (Array.isArray(current)) {
      for (let i = current.length - 1; i >= 0; i--)
        stack.push({ value: current[i], at: { parent: at, key: i } });
    } else if (current !== null && typeof current === 'object') {
      const keys = Object.keys(current);
      for (let i = keys.length - 1; i >= 0; i--) {
        const key = keys[i]!;
        if (isUnsafeText(key)) return pathOf({ parent: at, key });
        stack.push({ value: (current as Record<string, unknown>)[key], at: { parent: at, key } });
      }
    }
  }
  return null;
}
