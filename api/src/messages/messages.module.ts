import { Module } from '@nestjs/common';
import { UsersModule } from '../users/users.module';
import { MailerService } from './mailer.service';
import { MessagesController } from './messages.controller';
import { MessagesService } from './messages.service';

@Module({
  imports: [UsersModule],
  controllers: [MessagesController],
  providers: [MessagesService, MailerService],
  exports: [MailerService],
})
export class MessagesModule {}
