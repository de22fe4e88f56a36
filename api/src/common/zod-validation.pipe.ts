import { ArgumentMetadata, BadRequestException, Injectable, PipeTransform } from '@nestjs/common';
import type { z } from 'zod';

/**
 * Validates a body, query or parameter with a schema from @coldmail/contracts and passes on the
 * parsed value. Bad input is a 400 `{ statusCode, message: 'Validation failed', fieldErrors }`
 * with one message per field path, which the UI shows next to its form fields.
 */
@Injectable()
export class ZodValidationPipe<Schema extends z.ZodType> implements PipeTransform {
  constructor(private readonly schema: Schema) {}

  transform(value: unknown, metadata: ArgumentMetadata): z.output<Schema> {
    const result = this.schema.safeParse(value);
    if (result.success) return result.data;
    throw new BadRequestException({
      statusCode: 400,
      message: 'Validation failed',
      fieldErrors: fieldErrorsOf(result.error.issues, metadata.data ?? metadata.type),
    });
  }
}

/**
 * One message per field path. `whole` names the value itself (a path parameter's name, or
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
