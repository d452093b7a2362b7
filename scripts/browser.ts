// Which Chromium the e2e tests drive. Browsers cannot be downloaded by Playwright on every machine
// (ours reach only the npm registry and Debian's apt), so: CHROMIUM_PATH when set, else
// Playwright's own browser where it is installed, else the system's, the headless shell first:
// it is what Playwright drives for headless tests by default, and it used half the CPU time of
// the full browser for the same specs (42 s against 86 s for servers and tester).
import fs from 'node:fs';
import { chromium } from '@playwright/test';

/** Debian's package of the headless shell (`chromium-headless-shell`). */
export const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const SYSTEM_BROWSERS = [HEADLESS_SHELL, '/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

export type BrowserChoice = { executablePath: string | undefined; source: string } | { missing: string };

export function findBrowser(env: NodeJS.ProcessEnv = process.env): BrowserChoice {
  const override = env.CHROMIUM_PATH;
  if (override) {
    return fs.existsSync(override) ? { executablePath: override, source: 'CHROMIUM_PATH' } : { missing: `CHROMIUM_PATH=${override} does not exist` };
  }
  let own: string | undefined;
  try {
    own = chromium.executablePath();
  } catch {
    own = undefined;
  }
  if (own && fs.existsSync(own)) return { executablePath: undefined, source: "Playwright's own Chromium" };
  const system = SYSTEM_BROWSERS.find((file) => fs.existsSync(file));
  return system ? { executablePath: system, source: system } : { missing: 'no Chromium found' };
}

/** Flags that keep Chromium quiet on a machine with no network but loopback. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
