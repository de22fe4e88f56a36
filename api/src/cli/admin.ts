import 'reflect-metadata';
import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { AdminAccountsModule } from '../admin-accounts/admin-accounts.module';
import { AdminAccountsService } from '../admin-accounts/admin-accounts.service';
import { AuditModule } from '../audit/audit.module';
import { AuthModule } from '../auth/auth.module';
import { createRootLogger, PinoNestLogger } from '../common/logging';
import { loadConfig } from '../config/app-config';
import { ConfigError } from '../config/config-error';
import { ConfigModule } from '../config/config.module';
import { LimitsModule } from '../limits/limits.module';
import { DatabaseModule } from '../database/database.module';
import { openDatabase } from '../database/database';
import { Telemetry } from '../telemetry/telemetry';
import { TelemetryModule } from '../telemetry/telemetry.module';

const USAGE = `Grants and takes back Admin, for one Firebase account at a time (by its uid).
Run it with the API's own environment (MONGODB_URI, FIREBASE_PROJECT_ID and credentials):

  npm run admin -w api -- show <uid or e-mail>   the account, its sign-in methods and its role
  npm run admin -w api -- grant <uid>            make that account Admin
  npm run admin -w api -- revoke <uid>           make that account a member again

Check with 'show' that an account is the one you mean (its creation date, last sign-in and
sign-in methods) before granting it: whoever registered an address first owns that account.`;

async function main(): Promise<number> {
  const [command, target] = process.argv.slice(2);
  if (!command || !target || !['show', 'grant', 'revoke'].includes(command)) {
    console.error(USAGE);
    return 2;
  }
  if (command !== 'show' && target.includes('@')) {
    console.error(
      `'${command}' takes the account's uid, not an address: find it with 'show ${target}'.`,
    );
    return 2;
  }
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
  const logger = new PinoNestLogger(
    createRootLogger(config.logLevel === 'info' ? 'warn' : config.logLevel),
  );
  const database = await openDatabase(config, logger);
  @Module({
    imports: [
      ConfigModule.forRoot(config),
      DatabaseModule.forRoot(database.uri),
      TelemetryModule.forRoot(Telemetry.off()),
      // The users' module counts trial grants against the shared limits.
      LimitsModule,
      AuthModule,
      AuditModule,
      AdminAccountsModule,
    ],
  })
  class AdminCliModule {}
  const app = await NestFactory.createApplicationContext(AdminCliModule, { logger });
  try {
    const admins = app.get(AdminAccountsService);
    if (command === 'show') {
      console.log(JSON.stringify(await admins.show(target), null, 2));
    } else if (command === 'grant') {
      const record = await admins.grant(target);
      console.log(`${record.userEmail} (uid ${target}) is Admin.`);
    } else {
      const revoked = await admins.revoke(target);
      console.log(revoked ? `uid ${target} is a member now.` : `uid ${target} was not Admin.`);
    }
    return 0;
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 1;
  } finally {
    await app.close();
    await database.stop();
  }
}

void main().then((code) => process.exit(code));
