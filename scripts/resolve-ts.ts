/**
 * Lets Node run the workbench's browser-side modules, which import each other without an
 * extension (Vite resolves them): a relative specifier that names no file is tried with `.ts`.
 * Import this before any such module (dynamically, after it).
 */
import module from "node:module";

module.registerHooks({
  resolve(specifier, context, nextResolve) {
    if (!/^\.\.?\//.test(specifier) || /\.[cm]?[jt]sx?$|\.json$/.test(specifier))
      return nextResolve(specifier, context);
    try {
      return nextResolve(specifier, context);
    } catch {
      return nextResolve(`${specifier}.ts`, context);
    }
  },
});
