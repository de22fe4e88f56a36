import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { CreditsModule } from '../credits/credits.module';
import { InvoicesModule } from '../invoices/invoices.module';
import { MessagesModule } from '../messages/messages.module';
import { OrdersModule } from '../orders/orders.module';
import { PackagesModule } from '../packages/packages.module';
import { SecretsModule } from '../secrets/secrets.module';
import { UsersModule } from '../users/users.module';
import { DuplicateCapturesService } from './duplicate-captures.service';
import { FulfilmentService } from './fulfilment.service';
import { InvoiceIssuing } from './invoice-issuing';
import { RefundFulfilment } from './refund-fulfilment.service';
import { OrderMailService } from './order-mail.service';
import { PaymentsController } from './payments.controller';
import { CheckoutService } from './checkout.service';
import { PaypalCapturesService } from './paypal-captures.service';
import { PaypalClient } from './paypal.client';
import { PaypalSettingsController } from './paypal-settings.controller';
import { PaypalAccountChanges } from './paypal-account-changes';
import { PaypalSettingsService } from './paypal-settings.service';
import { RefundsController } from './refunds.controller';
import { RefundsService } from './refunds.service';
import { WebhooksService } from './webhooks.service';
import { WebhookEvents } from './webhook-events';
import { PaypalSettingsRecord, PaypalSettingsSchema } from './schemas/paypal-settings.schema';
import { WebhookDelivery, WebhookDeliverySchema } from './schemas/webhook-delivery.schema';

@Module({
  imports: [
    MongooseModule.forFeature([
      { name: PaypalSettingsRecord.name, schema: PaypalSettingsSchema },
      { name: WebhookDelivery.name, schema: WebhookDeliverySchema },
    ]),
    OrdersModule,
    PackagesModule,
    UsersModule,
    CreditsModule,
    SecretsModule,
    MessagesModule,
    InvoicesModule,
  ],
  controllers: [PaypalSettingsController, PaymentsController, RefundsController],
  providers: [
    PaypalClient,
    PaypalSettingsService,
    PaypalAccountChanges,
    CheckoutService,
    PaypalCapturesService,
    RefundsService,
    WebhooksService,
    WebhookEvents,
    FulfilmentService,
    RefundFulfilment,
    DuplicateCapturesService,
    OrderMailService,
    InvoiceIssuing,
  ],
  exports: [FulfilmentService],
})
export class PaymentsModule {}
