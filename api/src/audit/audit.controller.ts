import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { contract, type ResponseOf, type ParsedQueryOf } from '@coldmail/contracts';
import { Endpoint, ValidQuery } from '../common/endpoint';
import { AuditService } from './audit.service';

const endpoints = contract.audit;

@ApiTags('audit')
@Controller()
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  @Endpoint(endpoints.list)
  list(
    @ValidQuery() query: ParsedQueryOf<typeof endpoints.list>,
  ): Promise<ResponseOf<typeof endpoints.list>> {
    return this.audit.list(query);
  }
}
