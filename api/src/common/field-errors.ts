import type { z } from 'zod';

/**
 * The `fieldErrors` of a 400 'Validation failed': one message per field path, which the UI shows
 * next to its form fields. `whole` names the value itself (a path parameter's name, or
 * 'body'/'query') for issues about it rather than one of its fields.
 */
export function fieldErrorsOf(issues: z.core.$ZodIssue[], whole: string): Record<string, string> {
  const fieldErrors: Record<string, string> = {};
  const add = (path: string, message: string) => {
    fieldErrors[path] ??= message;
  };
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys)
        add(path ? `${path}.${key}` : key, 'This field is not accepted');
    } else {
      add(path || whole, issue.message);
    }
  }
  return fieldErrors;
}
