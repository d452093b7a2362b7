// Roots: the folders a user lets a server use (MCP `roots/list`). Saved on the server as absolute
// paths (`McpServer.roots`), given to it as `file://` URIs. Shared by main, preload and renderer,
// so nothing here touches Node: a path is judged by its text, on either system's rules.
import { z } from 'zod';

/** More folders than anyone grants one server; a list longer than this is refused (or cut by the repair). */
export const MAX_ROOTS = 100;
/** Longer than any real path (Linux's PATH_MAX is 4,096 bytes). */
export const MAX_ROOT_PATH_LENGTH = 4_096;

/**
 * An absolute path on POSIX (`/home/me`) or Windows (`C:\Users\me`, `\\server\share\dir`).
 * Relative paths would depend on the working folder of whichever process reads them.
 */
export function isAbsolutePath(path: string): boolean {
  return path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path) || /^\\\\[^\\/]+[\\/][^\\/]+/.test(path);
}

/** Why `path` cannot be a root, or null when it can. */
export function rootPathProblem(path: string): string | null {
  if (path.trim() === '') return 'A folder needs a path.';
  if (path.length > MAX_ROOT_PATH_LENGTH) return `A folder's path is at most ${MAX_ROOT_PATH_LENGTH.toLocaleString('en-US')} characters.`;
  if (path.includes('\0')) return 'A folder\'s path cannot hold a NUL character.';
  if (!isAbsolutePath(path)) return `"${path}" is not an absolute path (it must start with / or a drive such as C:\\).`;
  return null;
}

export const RootPathSchema = z.string().superRefine((path, context) => {
  const problem = rootPathProblem(path);
  if (problem) context.addIssue({ code: z.ZodIssueCode.custom, message: problem });
});

export const RootsSchema = z
  .array(RootPathSchema)
  .max(MAX_ROOTS, `At most ${MAX_ROOTS} folders per server.`)
  .refine((paths) => new Set(paths).size === paths.length, 'A folder is given twice.');

/** A saved root and whether it was found when last looked for (a missing folder is kept, and not given to the server). */
export interface RootState {
  path: string;
  missing: boolean;
}
