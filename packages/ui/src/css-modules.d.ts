// A component's own styles (Vite's CSS modules): class names by the rule's name.
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>;
  export default classes;
}
