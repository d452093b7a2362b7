// What is wrong with a listed entry or a server's answer, in one line for the log and the UI:
// the first three issues, and how many more.

/** The first issues in one line: `inputSchema.properties.x: Invalid input`. */
export function describeIssues(issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>, position?: number): string {
  const described = issues.slice(0, 3).map((issue) => {
    const where = issue.path.length > 0 ? issue.path.map(String).join('.') : position === undefined ? 'result' : `tool ${position + 1}`;
    return `${where}: ${issue.message}`;
  });
  if (issues.length > 3) described.push(`${issues.length - 3} more`);
  return described.join('; ');
}
