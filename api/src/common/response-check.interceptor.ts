import {
  CallHandler,
  ExecutionContext,
  Injectable,
  InternalServerErrorException,
  Logger,
  NestInterceptor,
  StreamableFile,
} from '@nestjs/common';
import { map, type Observable } from 'rxjs';
import { endpointOf } from './endpoint';

/**
 * Outside production, checks every success answer against its contract entry's response schema,
 * so a handler that drifts from the contract fails its tests (a 500 naming the endpoint) instead
 * of shipping a shape the apps do not expect. Production skips the check to save the time.
 */
@Injectable()
export class ResponseCheckInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Contract');

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const endpoint = endpointOf(context);
    if (!endpoint || endpoint.raw || endpoint.stream) return next.handle();
    return next.handle().pipe(
      map((answer: unknown) => {
        // A list's CSV export (?format=csv) is a download, not the list's JSON.
        if (answer instanceof StreamableFile) return answer;
        const result = endpoint.response.safeParse(answer);
        if (result.success) return answer;
        this.logger.error(
          `${endpoint.key} answered outside its contract: ${JSON.stringify(result.error.issues.slice(0, 5))}`,
        );
        throw new InternalServerErrorException(`${endpoint.key} answered outside its contract`);
      }),
    );
  }
}
