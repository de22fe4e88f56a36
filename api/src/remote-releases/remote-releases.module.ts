import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { RemoteReleasesController } from './remote-releases.controller';
import { RemoteReleasesService } from './remote-releases.service';
import { RemoteRelease, RemoteReleaseSchema } from './schemas/remote-release.schema';

/**
 * How the remotes' releases do in visitors' browsers: loads of a canary release and failures of
 * any, reported anonymously; a canary whose failures pass the limit is stopped for every
 * visitor, and the back office lists the figures.
 */
@Module({
  imports: [MongooseModule.forFeature([{ name: RemoteRelease.name, schema: RemoteReleaseSchema }])],
  controllers: [RemoteReleasesController],
  providers: [RemoteReleasesService],
})
export class RemoteReleasesModule {}
