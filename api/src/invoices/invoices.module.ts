import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { AuditModule } from '../audit/audit.module';
import { InvoicesController } from './invoices.controller';
import { InvoicesService } from './invoices.service';
import { DocumentNumber, DocumentNumberSchema } from './schemas/document-number.schema';
import { InvoiceSettingsRecord, InvoiceSettingsSchema } from './schemas/invoice-settings.schema';

/** Invoices and credit notes: the seller's details, tax rates, and their numbering. */
@Module({
  imports: [
    MongooseModule.forFeature([
      { name: InvoiceSettingsRecord.name, schema: InvoiceSettingsSchema },
      { name: DocumentNumber.name, schema: DocumentNumberSchema },
    ]),
    AuditModule,
  ],
  controllers: [InvoicesController],
  providers: [InvoicesService],
  exports: [InvoicesService],
})
export class InvoicesModule {}
