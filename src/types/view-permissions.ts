// The browser features an MCP App view may ask for (`_meta.ui.permissions`) and the Permissions
// Policy feature each becomes in its frame's `allow` attribute. Imports nothing: the sandbox
// proxy (src/renderer/sandbox/proxy.ts), a page of its own, bundles it alone.

export const PERMISSIONS = { camera: 'camera', microphone: 'microphone', geolocation: 'geolocation', clipboardWrite: 'clipboard-write' } as const;
export type ViewPermission = keyof typeof PERMISSIONS;
export const VIEW_PERMISSIONS = Object.keys(PERMISSIONS) as ViewPermission[];

/** A frame's `allow` attribute for the permissions granted; anything else named is ignored. */
export function allowAttribute(granted: readonly unknown[]): string {
  return VIEW_PERMISSIONS.filter((permission) => granted.includes(permission)).map((permission) => PERMISSIONS[permission]).join('; ');
}
