/** The portal's default car picture: a plain drawing on a soft background (decorative). */
export function CarThumbnail() {
  return (
    <svg viewBox="0 0 240 180" width="100%" height="100%" aria-hidden="true" focusable="false" style={{ display: 'block', background: 'var(--mantine-color-gray-1)' }}>
      <g fill="none" stroke="var(--mantine-color-gray-6)" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round">
        <path d="M40 112h160v-18l-22-8-22-26H86l-24 26-22 8z" fill="var(--mantine-color-gray-3)" />
        <path d="M88 66l-16 20h46V66zM130 66v20h38l-18-20z" fill="var(--mantine-color-gray-0)" strokeWidth="4" />
        <circle cx="76" cy="114" r="16" fill="var(--mantine-color-gray-0)" />
        <circle cx="164" cy="114" r="16" fill="var(--mantine-color-gray-0)" />
      </g>
    </svg>
  );
}
