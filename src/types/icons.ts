// Icons that servers give for themselves and their tools, prompts and resources (MCP `icons[]`).
// The status names each by an id; the renderer asks main for the image (`getIcon`), which main
// fetched itself and checked. Shared by main, preload and renderer.

/** One icon of a server, tool, prompt or resource: ask `getIcon` for it by the server's uuid and this id. */
export interface IconRef {
  id: string;
  /** The theme it is drawn for; unset: either. */
  theme?: 'light' | 'dark';
  /** Set when its source is refused (a scheme other than https: and data:, too long, credentials): never fetched or shown. */
  problem?: string;
}

/** An icon as main gives it to the renderer: always a data URL of a checked image, shown only as an `<img>`. */
export interface IconImage {
  /** `data:image/png;base64,…` (PNG, JPEG, WebP or SVG). */
  dataUrl: string;
  mimeType: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/svg+xml';
  bytes: number;
}

/** The largest icon fetched, in bytes: a bigger one is refused while it downloads. */
export const MAX_ICON_BYTES = 256 * 1024;
