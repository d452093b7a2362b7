// The two config backends the store runs on: conf (headless hosts) and the real electron-store
// (the Electron host; it loads here through the electron stub).
import ElectronStore from 'electron-store';
import type { BackendFactory, ConfigBackend } from '../../../src/main/config/store.js';

export const electronStoreBackend: BackendFactory = ({ cwd, configName, configFileMode }) =>
  new ElectronStore<Record<string, unknown>>({ cwd, name: configName, configFileMode });

/** For describe.each: conf is the store's default, so it is `undefined` here. */
export const BACKENDS: Array<[string, BackendFactory | undefined]> = [
  ['conf (default)', undefined],
  ['electron-store', electronStoreBackend],
];

/**
 * The real electron-store backend, except that while `failing.on` is set every write throws an
 * fs-style error with `code` (ENOSPC, EACCES…): for failures a test cannot cause for real in
 * process. The real ones (permissions, a full disk) are tested on child processes.
 */
export function flakyBackend(code: string): { factory: BackendFactory; failing: { on: boolean } } {
  const failing = { on: true };
  const factory: BackendFactory = (options) => {
    const real: ConfigBackend = electronStoreBackend(options);
    return {
      path: real.path,
      get store() {
        return real.store;
      },
      set store(value) {
        if (failing.on) throw Object.assign(new Error(`${code}: refused by the test`), { code });
        real.store = value;
      },
    };
  };
  return { factory, failing };
}
