/**
 * A 2D context that records what is drawn, for jsdom (which has no canvas): the tests check the
 * calls and the styles in force when each stroke was made. The real drawing is checked in
 * Chromium by e2e/specs/staff-vehicle-picture.spec.ts, down to the pixels.
 */
export interface RecordedCall {
  name: string;
  args: unknown[];
  strokeStyle: unknown;
  lineWidth: number;
  transform: number[];
}

export function recordingContext() {
  const calls: RecordedCall[] = [];
  const state = { strokeStyle: '#000' as unknown, fillStyle: '#000' as unknown, lineWidth: 1, lineCap: 'butt', lineJoin: 'miter', transform: [1, 0, 0, 1, 0, 0] };
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      if (name === 'setTransform') state.transform = args as number[];
      calls.push({ name, args, strokeStyle: state.strokeStyle, lineWidth: state.lineWidth, transform: [...state.transform] });
    };
  const ctx = new Proxy(state, {
    get(target, key: string) {
      if (key in target) return target[key as keyof typeof target];
      return record(key);
    },
    set(target, key: string, value) {
      (target as Record<string, unknown>)[key] = value;
      return true;
    },
  }) as unknown as CanvasRenderingContext2D;
  return { ctx, calls, strokes: () => calls.filter((c) => c.name === 'stroke') };
}
