// The API the Electron preload exposes as `window.api`; absent in the browser, where api.ts
// talks HTTP instead. (`*.vue` modules are declared in shims-vue.d.ts: a wildcard module needs
// a global script, and this file is a module because it imports a type.)
import type { Api } from '../types/ipc.js';

declare global {
  interface Window {
    api?: Api;
  }
}

export {};
