/**
 * What the embed budget needs to know about the standalone documents, without loading the 500 KB
 * of assets: start-up (config.ts) and every embedding result read it.
 */
import { SHELL_CHARS } from "./shells.gen.ts";

/**
 * Characters the emptiest standalone document of `kind` takes JSON-escaped (all kinds, or a kind
 * added by `createServer({ cards })`, which the build never saw: the largest).
 */
export function documentShellChars(kind?: string): number {
  return kind && Object.hasOwn(SHELL_CHARS, kind)
    ? SHELL_CHARS[kind]
    : Math.max(...Object.values(SHELL_CHARS));
}
