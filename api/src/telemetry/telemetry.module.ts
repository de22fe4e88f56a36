import { DynamicModule, Global, Inject, Module, OnApplicationShutdown } from '@nestjs/common';
import { Telemetry } from './telemetry';

class TelemetryShutdown implements OnApplicationShutdown {
  constructor(@Inject(Telemetry) private readonly telemetry: Telemetry) {}

  /** The last spans and metrics are exported before the process ends. */
  async onApplicationShutdown(): Promise<void> {
    await this.telemetry.shutdown();
  }
}

/** The app's Telemetry (see telemetry.ts), made by createApp, for every module to record to. */
@Global()
@Module({})
export class TelemetryModule {
  static forRoot(telemetry: Telemetry): DynamicModule {
    return {
      module: TelemetryModule,
      providers: [{ provide: Telemetry, useValue: telemetry }, TelemetryShutdown],
      exports: [Telemetry],
    };
  }
}
