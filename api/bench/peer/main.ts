// The benchmark's peer: the measured routes as a NestJS team would write them with the
// ecosystem's libraries, reading the API's own collections: NestJS on Fastify, nestjs-pino's
// request log, @nestjs/throttler counting in MongoDB, @fastify/helmet, OpenTelemetry's Node SDK
// with the auto-instrumentations, a Firebase guard (firebase-admin) and mongoose. The queries are
// the API's own (the same sort, projection and count), so what differs is the plumbing.
// Environment: MONGODB_URI, FIREBASE_AUTH_EMULATOR_HOST, FIREBASE_PROJECT_ID, LOG_LEVEL and the
// OTEL_* variables (tracing.ts). Prints `ready PORT` when listening; request logs go to
// /dev/null, as the API's do in the benchmark.
import './tracing';
import helmet from '@fastify/helmet';
import {
  type CanActivate,
  Controller,
  type ExecutionContext,
  ForbiddenException,
  Get,
  Injectable,
  Module,
  Query,
  Req,
  SetMetadata,
  UnauthorizedException,
  UseGuards,
} from '@nestjs/common';
import { APP_GUARD, NestFactory, Reflector } from '@nestjs/core';
import { InjectModel, MongooseModule, getConnectionToken } from '@nestjs/mongoose';
import { FastifyAdapter, type NestFastifyApplication } from '@nestjs/platform-fastify';
import { ThrottlerGuard, ThrottlerModule } from '@nestjs/throttler';
import { initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { type Connection, type Model, Schema } from 'mongoose';
import { LoggerModule, Logger as PinoLogger } from 'nestjs-pino';
import pino from 'pino';
import { z } from 'zod';
import { MongoThrottlerStorage } from './throttler-storage';

initializeApp({ projectId: process.env.FIREBASE_PROJECT_ID });

// The API's collections, read as they are (strict: false keeps every stored field).
const loose = (collection: string) =>
  new Schema({}, { collection, strict: false, versionKey: false });

type Caller = { uid: string; email: string; user: Record<string, unknown> | null };
type CallerRequest = { headers: Record<string, string | undefined>; caller?: Caller };

const ADMIN_ONLY = 'adminOnly';
const AdminOnly = () => SetMetadata(ADMIN_ONLY, true);

/** The caller from their Firebase ID token and their record; admins checked for revocation. */
@Injectable()
class FirebaseAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    @InjectModel('User') private readonly users: Model<Record<string, unknown>>,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const request = context.switchToHttp().getRequest<CallerRequest>();
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token) throw new UnauthorizedException();
    const claims = await getAuth()
      .verifyIdToken(token)
      .catch(() => {
        throw new UnauthorizedException();
      });
    const user = await this.users.findOne({ firebaseUid: claims.uid }).lean();
    // As the API does: an admin's session is checked with Firebase on every request.
    if (user?.userRole === 'Admin') await getAuth().verifyIdToken(token, true);
    if (this.reflector.get<boolean>(ADMIN_ONLY, context.getHandler()) && user?.userRole !== 'Admin')
      throw new ForbiddenException();
    request.caller = { uid: claims.uid, email: claims.email ?? '', user };
    return true;
  }
}

@Controller('api/health')
class HealthController {
  private checked: { at: number; up: boolean } = { at: 0, up: false };

  constructor(@InjectModel('Package') private readonly packages: Model<unknown>) {}

  @Get('live')
  live() {
    return { status: 'ok' };
  }

  /** The database pinged at most once a second, as the API's readiness does. */
  @Get()
  async health() {
    if (Date.now() - this.checked.at > 1000) {
      const up = await this.packages.db
        .db!.admin()
        .ping()
        .then(
          () => true,
          () => false,
        );
      this.checked = { at: Date.now(), up };
    }
    return { status: this.checked.up ? 'ok' : 'error', database: this.checked.up };
  }
}

@Controller()
class StoreController {
  constructor(
    @InjectModel('Package') private readonly packages: Model<unknown>,
    @InjectModel('Order') private readonly orders: Model<unknown>,
  ) {}

  @Get('packages')
  list() {
    return this.packages.find().sort({ createdAt: 1, _id: 1 }).lean();
  }

  @Get('users')
  @UseGuards(FirebaseAuthGuard)
  users(@Query('userEmail') userEmail: unknown, @Req() request: CallerRequest) {
    const caller = request.caller!;
    if (userEmail !== caller.email) throw new ForbiddenException();
    return caller.user ? [caller.user] : [];
  }

  @Get('api/orders')
  @AdminOnly()
  @UseGuards(FirebaseAuthGuard)
  async adminOrders(@Query() query: unknown) {
    const { page, pageSize } = z
      .object({
        page: z.coerce.number().int().min(1).default(1),
        pageSize: z.coerce.number().int().min(1).max(100).default(20),
      })
      .parse(query);
    // The API's reads: the package orders' page, and the total it keeps of them (the same data
    // access, so the comparison is of the plumbing around it).
    const [items, kept] = await Promise.all([
      this.orders
        .find({ kind: 'package' })
        .sort({ createdAt: -1, _id: -1 })
        .skip((page - 1) * pageSize)
        .limit(pageSize)
        .lean(),
      this.orders.db
        .collection<{ _id: string; count: number }>('orderTotals')
        .findOne({ _id: 'package' }),
    ]);
    const total = kept?.count ?? (await this.orders.countDocuments({ kind: 'package' }));
    return { items, total, page, pageSize };
  }
}

@Module({
  imports: [
    LoggerModule.forRoot({
      pinoHttp: [{ level: process.env.LOG_LEVEL ?? 'info' }, pino.destination('/dev/null')],
    }),
    MongooseModule.forRoot(process.env.MONGODB_URI!),
    MongooseModule.forFeature([
      { name: 'Package', schema: loose('packages') },
      { name: 'User', schema: loose('users') },
      { name: 'Order', schema: loose('orders') },
    ]),
    ThrottlerModule.forRootAsync({
      inject: [getConnectionToken()],
      useFactory: (connection: Connection) => ({
        throttlers: [{ ttl: 60_000, limit: Number(process.env.THROTTLE_LIMIT ?? 300) }],
        storage: new MongoThrottlerStorage(connection.collection('peer_throttle')),
      }),
    }),
  ],
  controllers: [HealthController, StoreController],
  // A limit of 0 is off, as in the API (the benchmark's breakdown measures what it costs).
  providers:
    process.env.THROTTLE_LIMIT === '0' ? [] : [{ provide: APP_GUARD, useClass: ThrottlerGuard }],
})
class PeerModule {}

async function main() {
  const app = await NestFactory.create<NestFastifyApplication>(PeerModule, new FastifyAdapter(), {
    bufferLogs: true,
  });
  app.useLogger(app.get(PinoLogger));
  await app.register(helmet);
  app.enableShutdownHooks();
  await app.listen(0, '127.0.0.1');
  console.log(`ready ${new URL(await app.getUrl()).port}`);
}

void main();
