import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { contract, type ParsedQueryOf, type ResponseOf } from '@coldmail/contracts';
import { Endpoint, ValidQuery } from '../common/endpoint';
import { StatsService } from './stats.service';

const endpoints = contract.stats;

@ApiTags('stats')
@Controller()
export class StatsController {
  constructor(private readonly stats: StatsService) {}

  /** The dashboard's charts: revenue and usage per day, week or month of a range. */
  @Endpoint(endpoints.overTime)
  overTime(
    @ValidQuery() { from, to, bucket }: ParsedQueryOf<typeof endpoints.overTime>,
  ): Promise<ResponseOf<typeof endpoints.overTime>> {
    return this.stats.overTime(from, to, bucket);
  }
}
