import { Module } from '@nestjs/common';
import { MessagesModule } from '../messages/messages.module';
import { UsersModule } from '../users/users.module';
import { AdminAccountsService } from './admin-accounts.service';
import { AdminBootstrapService } from './admin-bootstrap.service';

/** Who is Admin: the operator's grant and revoke, and the ADMIN_EMAILS bootstrap. */
@Module({
  imports: [UsersModule, MessagesModule],
  providers: [AdminAccountsService, AdminBootstrapService],
  exports: [AdminAccountsService],
})
export class AdminAccountsModule {}
