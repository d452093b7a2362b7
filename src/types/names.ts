// Why an exposed name (of a tool or a prompt) differs from the original. Shared by main, preload
// and renderer.

export type RenameReason = 'sanitized' | 'truncated' | 'collision' | 'alias';
