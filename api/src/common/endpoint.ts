import {
  applyDecorators,
  BadRequestException,
  type CanActivate,
  createParamDecorator,
  ExecutionContext,
  HttpCode,
  RequestMapping,
  RequestMethod,
  SetMetadata,
  UseGuards,
} from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiOperation,
  ApiParam,
  ApiQuery,
  ApiResponse,
  ApiSecurity,
} from '@nestjs/swagger';
import { successStatusOf, type Endpoint } from '@coldmail/contracts';
import { z } from 'zod';
import {
  AdminOnly,
  ChecksRevocation,
  Public,
  PublicWithOptionalUser,
  RequiresUserRecord,
} from '../auth/auth-context';
import { openApiSchema } from './openapi';
import { fieldErrorsOf } from './field-errors';

export const ENDPOINT = 'contract:endpoint';

const accessDecorators: Record<Endpoint['access'], () => MethodDecorator[]> = {
  public: () => [Public()],
  // The token is optional: `{}` is OpenAPI's "no credentials" alternative.
  'public-identified': () => [PublicWithOptionalUser(), ApiSecurity({}), ApiBearerAuth()],
  'signed-in': () => [ApiBearerAuth()],
  owner: () => [RequiresUserRecord(), ApiBearerAuth()],
  admin: () => [AdminOnly(), ApiBearerAuth()],
};

function keysOf(schema: z.ZodType | undefined): { name: string; required: boolean }[] {
  if (!(schema instanceof z.ZodObject)) return [];
  return Object.entries(schema.shape as Record<string, z.ZodType>).map(([name, field]) => ({
    name,
    required: !field.safeParse(undefined).success,
  }));
}

/**
 * On an endpoint whose contract entry has no body, a body that is not an object (a number, a
 * string, an array, null) is refused before the handler runs, so a malformed request changes
 * nothing. No body, an empty one, or an object is accepted and ignored: the browser client sends
 * objects such as `{ userEmail }` to some of these endpoints.
 */
const refuseNonObjectBody: CanActivate = {
  canActivate(context: ExecutionContext): boolean {
    const { body } = context.switchToHttp().getRequest<{ body?: unknown }>();
    const empty = body === undefined || body === '';
    const object = typeof body === 'object' && body !== null && !Array.isArray(body);
    if (empty || object) return true;
    throw new BadRequestException('This request takes no body');
  },
};

/**
 * Declares a handler from its contract entry: method and path, who may call it, the success
 * status and the OpenAPI description. Its inputs are read with @ValidParams(), @ValidQuery() and
 * @ValidBody(), which validate them with the same entry's schemas; an entry without a body
 * refuses one that is not an object. Multipart and raw endpoints read their bodies themselves.
 */
export function Endpoint(endpoint: Endpoint): MethodDecorator {
  const status = successStatusOf(endpoint);
  return applyDecorators(
    RequestMapping({ path: endpoint.path, method: RequestMethod[endpoint.method] }),
    SetMetadata(ENDPOINT, endpoint),
    HttpCode(status),
    ...accessDecorators[endpoint.access](),
    ...(endpoint.sensitive ? [ChecksRevocation()] : []),
    ApiOperation({ summary: endpoint.summary, operationId: endpoint.key }),
    ApiResponse({ status, schema: openApiSchema(endpoint.response) }),
    ...keysOf(endpoint.params).map(({ name }) => ApiParam({ name, type: String })),
    ...keysOf(endpoint.query).map(({ name, required }) =>
      ApiQuery({ name, required, type: String }),
    ),
    ...(endpoint.multipart ? [ApiConsumes('multipart/form-data')] : []),
    ...(endpoint.body ? [ApiBody({ schema: openApiSchema(endpoint.body, 'input') })] : []),
    // Reads carry no body (Fastify never parses one for GET): no guard on their path.
    ...(endpoint.body || endpoint.multipart || endpoint.raw || endpoint.method === 'GET'
      ? []
      : [UseGuards(refuseNonObjectBody)]),
  );
}

export function endpointOf(context: ExecutionContext): Endpoint | undefined {
  return Reflect.getMetadata(ENDPOINT, context.getHandler()) as Endpoint | undefined;
}

type InputPart = 'params' | 'query' | 'body';

const ContractInput = createParamDecorator((part: InputPart, context: ExecutionContext) => {
  const endpoint = endpointOf(context);
  const schema = endpoint?.[part];
  // A handler reading an input its contract entry does not describe is a programming error.
  if (!endpoint || !schema) {
    throw new Error(`@Valid${part} used on a handler whose contract entry has no ${part} schema`);
  }
  const request = context.switchToHttp().getRequest<Record<InputPart, unknown>>();
  // A POST without a body (e.g. create-user with nothing to add) is an empty object; a JSON
  // `null` is a body, and not an object, so the schema refuses it.
  const value = request[part] === undefined && part === 'body' ? {} : request[part];
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  throw new BadRequestException({
    statusCode: 400,
    message: 'Validation failed',
    fieldErrors: fieldErrorsOf(result.error.issues, part),
  });
});

/** The path parameters, parsed with the handler's contract entry (400 when invalid). */
export const ValidParams = (): ParameterDecorator => ContractInput('params');
/** The query string, parsed with the handler's contract entry (400 when invalid). */
export const ValidQuery = (): ParameterDecorator => ContractInput('query');
/** The JSON body, parsed with the handler's contract entry (400 when invalid). */
export const ValidBody = (): ParameterDecorator => ContractInput('body');
