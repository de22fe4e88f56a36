import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  contract,
  type ParsedBodyOf,
  type ParsedParamsOf,
  type ResponseOf,
} from '@coldmail/contracts';
import { Endpoint, ValidBody, ValidParams } from '../common/endpoint';
import { RemoteReleasesService } from './remote-releases.service';

const endpoints = contract.remoteReleases;

@ApiTags('remote-releases')
@Controller()
export class RemoteReleasesController {
  constructor(private readonly releases: RemoteReleasesService) {}

  /** A visitor's browser: a canary release loaded, or a release failed to. */
  @Endpoint(endpoints.report)
  report(
    @ValidBody() report: ParsedBodyOf<typeof endpoints.report>,
  ): Promise<ResponseOf<typeof endpoints.report>> {
    return this.releases.report(report);
  }

  /** Asked before loading a canary release: an unknown release is simply running. */
  @Endpoint(endpoints.status)
  status(
    @ValidParams() { remote, release }: ParsedParamsOf<typeof endpoints.status>,
  ): Promise<ResponseOf<typeof endpoints.status>> {
    return this.releases.status(remote, release);
  }

  @Endpoint(endpoints.list)
  list(): Promise<ResponseOf<typeof endpoints.list>> {
    return this.releases.list();
  }
}
