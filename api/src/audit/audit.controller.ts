import { Controller, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  contract,
  type AuditEntry as AuditEntryRecord,
  type ParsedQueryOf,
  type ResponseOf,
} from '@coldmail/contracts';
import { csvDownload } from '../common/csv-export';
import { Endpoint, ValidQuery } from '../common/endpoint';
import { AuditService } from './audit.service';

const endpoints = contract.audit;

@ApiTags('audit')
@Controller()
export class AuditController {
  constructor(private readonly audit: AuditService) {}

  /** One page of the log; with `format=csv`, every entry the filters select as a download. */
  @Endpoint(endpoints.list)
  async list(
    @ValidQuery() query: ParsedQueryOf<typeof endpoints.list>,
  ): Promise<ResponseOf<typeof endpoints.list> | StreamableFile> {
    if (query.format === 'csv') {
      return csvDownload<AuditEntryRecord>(
        'audit-log',
        [
          { header: 'Date', value: (entry) => entry.at },
          { header: 'Admin', value: (entry) => entry.actor.email },
          { header: 'Action', value: (entry) => entry.action },
          { header: 'Target kind', value: (entry) => entry.target.kind },
          { header: 'Target', value: (entry) => entry.target.label },
          { header: 'Target id', value: (entry) => entry.target.id },
        ],
        this.audit.rows(query),
      );
    }
    return this.audit.list(query);
  }
}
