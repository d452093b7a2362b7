// A host's last word. When Node's event loop runs dry while a host is still awaiting something
// (a promise that nothing left alive will settle), Node ends the process quietly with exit code 0:
// a script reading `inspect --json` then gets an empty answer that looks like success. The guard
// turns that ending into a non-zero exit with one line on stderr saying what happened.

/** The exit code of a process that ended before it answered (EX_SOFTWARE: an internal error). */
export const UNANSWERED_EXIT_CODE = 70;

/**
 * Arms the guard for `host` (the prefix of its messages) while `work` runs; the process keeps
 * `work`'s own exit code when it settles. Returns what `work` gave.
 */
export async function answerOrFail<T>(host: string, work: () => Promise<T>): Promise<T> {
  const unanswered = (): void => {
    console.error(`${host}: stopped before it could answer: nothing was left running to finish the work (this is a bug; please report it)`);
    process.exitCode = UNANSWERED_EXIT_CODE;
  };
  process.once('exit', unanswered);
  try {
    return await work();
  } finally {
    process.off('exit', unanswered);
  }
}
