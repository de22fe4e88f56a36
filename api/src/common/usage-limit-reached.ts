import { HttpException, HttpStatus } from '@nestjs/common';

/** 429 with the limit's own words; the answer's Retry-After says when a use is counted again. */
export class UsageLimitReached extends HttpException {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message, HttpStatus.TOO_MANY_REQUESTS);
  }
}
