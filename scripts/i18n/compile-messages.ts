/**
 * Compiles the messages into app/paraglide (not in git) before what reads them without Vite: the
 * type-check, Vitest and `npm run dev`'s server. The build compiles them through the Vite plugin.
 */
import { compile } from "@inlang/paraglide-js";
import { paraglideOptions } from "./paraglide-options";

await compile({ ...paraglideOptions, strategy: [...paraglideOptions.strategy] });
// The inlang SDK keeps a timer alive for half a minute after compiling: nothing is left to wait for.
process.exit(0);
