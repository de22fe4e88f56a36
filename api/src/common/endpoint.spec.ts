import { Controller } from '@nestjs/common';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { Test } from '@nestjs/testing';
import {
  contract,
  type IdParam,
  type ProfileUpdateBody,
  type UserEmailQuery,
} from '@coldmail/contracts';
import { AllExceptionsFilter } from './all-exceptions.filter';
import { Endpoint, ValidBody, ValidParams, ValidQuery } from './endpoint';

const endpoints = contract.users;

/** Echoes what the decorators parsed, so the tests see exactly what a handler receives. */
@Controller()
class ProbeController {
  @Endpoint(endpoints.updateProfile)
  update(@ValidParams() params: IdParam, @ValidBody() body: ProfileUpdateBody) {
    return { params, body };
  }

  @Endpoint(endpoints.list)
  list(@ValidQuery() query: UserEmailQuery) {
    return query;
  }
}

const id = '0123456789abcdef01234567';
let app: NestFastifyApplication;

beforeAll(async () => {
  const moduleRef = await Test.createTestingModule({ controllers: [ProbeController] }).compile();
  app = moduleRef.createNestApplication<NestFastifyApplication>(new FastifyAdapter());
  app.useGlobalFilters(new AllExceptionsFilter());
  await app.init();
  await app.getHttpAdapter().getInstance().ready();
});

afterAll(async () => {
  await app?.close();
});

const put = (path: string, payload: unknown) =>
  app.inject({ method: 'PUT', url: path, payload: payload as object });

describe('@Endpoint with @ValidParams/@ValidQuery/@ValidBody', () => {
  it('serves the entry at its method and path and passes on the parsed (trimmed) values', async () => {
    const response = await put(`/update-user-profile/${id}`, { city: '  Oslo ' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ params: { id }, body: { city: 'Oslo' } });
    const query = await app.inject({ method: 'GET', url: '/users?userEmail=%20Ada@X.test' });
    expect(query.json()).toEqual({ userEmail: 'ada@x.test' });
  });

  it('answers one message per field, unknown fields included', async () => {
    const response = await put(`/update-user-profile/${id}`, {
      userName: { $gt: '' },
      userRole: 'Admin',
      phone: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      message: 'Validation failed',
      fieldErrors: {
        userName: expect.stringMatching(/expected string/),
        userRole: 'This field is not accepted',
        phone: 'Invalid phone number',
      },
    });
  });

  it('names a path parameter by its name', async () => {
    const response = await put('/update-user-profile/42', { city: 'Oslo' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fieldErrors: { id: 'Invalid id' } });
  });

  it('names the whole body when it is not an object at all', async () => {
    const response = await put(`/update-user-profile/${id}`, ['x']);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ fieldErrors: { body: expect.any(String) } });
  });

  it('refuses query operators and unknown query parameters', async () => {
    for (const url of ['/users?userEmail[$ne]=x', '/users?role=Admin']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Validation failed' });
    }
  });
});
