/** `import code from "./x.ts?inline-script"`: the module bundled as one inline script (scripts/inline-script.ts). */
declare module "*?inline-script" {
  const code: string;
  export default code;
}
