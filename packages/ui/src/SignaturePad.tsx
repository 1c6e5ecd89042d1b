import { useEffect, useImperativeHandle, useRef, type PointerEvent, type Ref } from 'react';

export interface SignaturePadProps {
  label: string;
  /** Id of the text that tells how to sign (and the keyboard alternative). */
  describedBy: string;
  /** Called with true once something is drawn, false when cleared. */
  onChange: (signed: boolean) => void;
  /** Bumped by the parent to clear the pad. */
  clearKey: number;
  ref?: Ref<SignaturePadHandle>;
}

export interface SignaturePadHandle {
  /**
   * The signature as a PNG on white: what was drawn, or, when nothing was or `preferTyped` (the
   * keyboard alternative), the typed name written in a handwriting style.
   */
  toBlob(typedName: string, preferTyped?: boolean): Promise<Blob>;
}

/**
 * A canvas the customer signs on with a finger, a pen or the mouse (pointer events, so touch
 * screens in the bay and phones work the same as a mouse). Strokes are drawn at the device's pixel ratio
 * so the line stays sharp on tablets.
 */
export function SignaturePad({ label, describedBy, onChange, clearKey, ref }: SignaturePadProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const drawing = useRef(false);
  const drawn = useRef(false);
  const notify = useRef(onChange);
  useEffect(() => {
    notify.current = onChange;
  });

  useEffect(() => {
    const element = canvas.current;
    if (!element) return;
    const ratio = window.devicePixelRatio || 1;
    const { width, height } = element.getBoundingClientRect();
    element.width = Math.max(1, Math.round(width * ratio));
    element.height = Math.max(1, Math.round(height * ratio));
    const context = element.getContext('2d');
    if (!context) return;
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#111';
    drawn.current = false;
    notify.current(false);
  }, [clearKey]);

  useImperativeHandle(ref, () => ({
    toBlob: (typedName: string, preferTyped = false) => {
      const element = canvas.current;
      if (!element) return Promise.reject(new Error('no signature pad'));
      const out = document.createElement('canvas');
      out.width = element.width;
      out.height = element.height;
      const context = out.getContext('2d')!;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, out.width, out.height);
      if (drawn.current && !preferTyped) context.drawImage(element, 0, 0);
      else {
        context.fillStyle = '#111';
        context.font = `italic ${Math.round(out.height / 4)}px "Segoe Script", "Brush Script MT", cursive`;
        context.textBaseline = 'middle';
        context.fillText(typedName.trim(), out.width * 0.05, out.height / 2, out.width * 0.9);
      }
      return new Promise<Blob>((resolve, reject) =>
        out.toBlob(
          (blob) => (blob ? resolve(blob) : reject(new Error('the signature could not be saved'))),
          'image/png',
        ),
      );
    },
  }));

  const point = (event: PointerEvent<HTMLCanvasElement>) => {
    const rect = event.currentTarget.getBoundingClientRect();
    return { x: event.clientX - rect.left, y: event.clientY - rect.top };
  };

  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={label}
      aria-describedby={describedBy}
      data-testid="signature-pad"
      style={{
        width: '100%',
        height: 220,
        border: '2px solid var(--mantine-color-gray-7)',
        borderRadius: 8,
        touchAction: 'none',
        background: '#fff',
        cursor: 'crosshair',
      }}
      onPointerDown={(event) => {
        const context = event.currentTarget.getContext('2d');
        if (!context) return;
        event.currentTarget.setPointerCapture(event.pointerId);
        drawing.current = true;
        const { x, y } = point(event);
        context.beginPath();
        context.moveTo(x, y);
        // A tap is a dot.
        context.lineTo(x + 0.1, y + 0.1);
        context.stroke();
      }}
      onPointerMove={(event) => {
        if (!drawing.current) return;
        const context = event.currentTarget.getContext('2d');
        if (!context) return;
        const { x, y } = point(event);
        context.lineTo(x, y);
        context.stroke();
        if (!drawn.current) {
          drawn.current = true;
          notify.current(true);
        }
      }}
      onPointerUp={() => {
        drawing.current = false;
      }}
      onPointerCancel={() => {
        drawing.current = false;
      }}
    />
  );
}
