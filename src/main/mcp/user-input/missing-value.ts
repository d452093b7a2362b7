// A value a prompt or a resource template needs and was not given. Its own class, so that a
// caller can tell it from a server's failure: `inspect` exits 2 for it (a usage error), and the
// picker puts the message beside the field it names.

export class MissingValueError extends Error {
  /** The argument or variable that is missing (the first, when several are). */
  constructor(message: string, readonly argument: string) {
    super(message);
  }
}
