/** One schema issue, as zod reports it. */
export interface SchemaIssue {
  code: string;
  path: PropertyKey[];
  message: string;
}

/**
 * Issues summarised for a log line: codes and paths only. Messages and unknown keys are left out
 * because they can echo what the renderer sent, and inputs may hold keys.
 */
export function describeIssues(issues: readonly SchemaIssue[]): string {
  const shown = issues.slice(0, 5).map((issue) => `${issue.code} at ${describePath(issue.path)}`);
  if (issues.length > shown.length) shown.push(`and ${issues.length - shown.length} more`);
  return shown.join('; ');
}

/** Issues as `invalidInputError` takes them: path segments as strings or numbers. */
export function plainIssues(issues: readonly SchemaIssue[]): { path: (string | number)[]; message: string }[] {
  return issues.map((issue) => ({
    path: issue.path.map((segment) => (typeof segment === 'number' ? segment : String(segment))),
    message: issue.message,
  }));
}

function describePath(path: readonly PropertyKey[]): string {
  if (path.length === 0) return '(root)';
  // Paths come from the schema's shape, except record keys: anything not name-like is hidden.
  return path.map((segment) => (typeof segment === 'number' || (typeof segment === 'string' && /^[A-Za-z_][\w]{0,40}$/.test(segment)) ? segment : '?')).join('.');
}
