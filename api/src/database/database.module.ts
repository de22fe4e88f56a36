import { DynamicModule, Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import mongoose from 'mongoose';
import { traceMongoCommands } from '../telemetry/mongo-tracing';
import { Telemetry } from '../telemetry/telemetry';
import { ChangeFeed } from './change-feed';
import { Migrations } from './migrations';

// Query filters are built from validated input, and these two make sure that even a mistake
// there cannot turn client data into query operators: unknown filter paths are dropped and any
// `$`-key in a filter value is wrapped in `$eq`. Mongoose only offers them process-wide.
mongoose.set('strictQuery', true);
mongoose.set('sanitizeFilter', true);

@Module({})
export class DatabaseModule {
  static forRoot(uri: string, telemetry = Telemetry.off()): DynamicModule {
    return {
      module: DatabaseModule,
      // Every cache that another instance's write can make stale listens to the ChangeFeed.
      global: true,
      providers: [ChangeFeed, Migrations],
      exports: [ChangeFeed, Migrations],
      imports: [
        MongooseModule.forRoot(uri, {
          serverSelectionTimeoutMS: 5000,
          // A failed start-up should fail, not retry forever behind a running HTTP server.
          retryAttempts: 0,
          // Each command a request sends is a span under the request's (telemetry on only).
          monitorCommands: telemetry.enabled,
          connectionFactory: (connection: mongoose.Connection) => {
            if (telemetry.enabled) traceMongoCommands(connection.getClient(), telemetry);
            return connection;
          },
        }),
      ],
    };
  }
}
