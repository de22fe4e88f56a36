import { Controller, ForbiddenException, Req, StreamableFile } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import {
  contract,
  type ResponseOf,
  type ParsedBodyOf,
  type ParsedQueryOf,
  type ParsedParamsOf,
  type UserRecord,
} from '@coldmail/contracts';

import { CurrentUser, ownerIdOf, type AuthContext } from '../auth/auth-context';
import { csvDownload } from '../common/csv-export';
import { withoutEchoedFields } from '../common/echoed-record';
import { Endpoint, ValidBody, ValidParams, ValidQuery } from '../common/endpoint';
import { SensitiveRoute } from '../common/throttling';
import { UsersService } from './users.service';

const endpoints = contract.users;

@ApiTags('users')
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Endpoint(endpoints.createOrSync)
  @SensitiveRoute()
  createUser(
    @CurrentUser() caller: AuthContext,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.createOrSync>,
    @Req() request: FastifyRequest,
  ): Promise<ResponseOf<typeof endpoints.createOrSync>> {
    return this.users.signedIn(
      {
        uid: caller.uid,
        email: caller.email,
        name: caller.name,
        emailVerified: caller.emailVerified,
      },
      body,
      request.ip,
    );
  }

  @Endpoint(endpoints.list)
  async listUsers(
    @CurrentUser() caller: AuthContext,
    @ValidQuery() query: ParsedQueryOf<typeof endpoints.list>,
  ): Promise<ResponseOf<typeof endpoints.list>> {
    const isAdmin = caller.user?.userRole === 'Admin';
    if (query.userEmail === undefined) {
      if (!isAdmin) throw new ForbiddenException('Admin access required');
      return this.users.directory.list();
    }
    if (query.userEmail !== caller.email && !isAdmin) {
      throw new ForbiddenException('You can only read your own user record');
    }
    if (query.userEmail === caller.email) return caller.user ? [caller.user] : [];
    const user = await this.users.findByEmail(query.userEmail);
    return user ? [user] : [];
  }

  /**
   * The back office's directory: searched, sorted and paged here, not in the browser; with
   * `format=csv`, every user it selects as a download.
   */
  @Endpoint(endpoints.adminList)
  async adminList(
    @ValidQuery() query: ParsedQueryOf<typeof endpoints.adminList>,
  ): Promise<ResponseOf<typeof endpoints.adminList> | StreamableFile> {
    if (query.format === 'csv') {
      return csvDownload<UserRecord>(
        'users',
        [
          { header: 'Name', value: (user) => user.userName },
          { header: 'E-mail', value: (user) => user.userEmail },
          { header: 'Role', value: (user) => user.userRole },
          { header: 'Membership', value: (user) => user.userMembership },
          { header: 'Credits', value: (user) => user.currentBalance },
          { header: 'Joined', value: (user) => user.createdAt },
        ],
        this.users.directory.adminRows(query),
      );
    }
    return this.users.directory.adminPage(query);
  }

  /** Any signed-in user: the screens decide whether to show the Admin Panel link from it. */
  @Endpoint(endpoints.admins)
  listAdmins(): Promise<ResponseOf<typeof endpoints.admins>> {
    return this.users.directory.listAdmins();
  }

  @Endpoint(endpoints.updateProfile)
  updateOwnProfile(
    @CurrentUser() caller: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.updateProfile>,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.updateProfile>,
  ): Promise<ResponseOf<typeof endpoints.updateProfile>> {
    return this.users.updateOwnProfile(
      { email: caller.email, userId: ownerIdOf(caller) },
      id,
      body,
    );
  }

  @Endpoint(endpoints.adminUpdate)
  updateUser(
    @CurrentUser() caller: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.adminUpdate>,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.adminUpdate>,
  ): Promise<ResponseOf<typeof endpoints.adminUpdate>> {
    return this.users.adminEdits.updateByAdmin(
      caller,
      id,
      withoutEchoedFields(body, endpoints.adminUpdate.body, id),
    );
  }

  @Endpoint(endpoints.delete)
  async deleteUser(
    @CurrentUser() caller: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.delete>,
  ): Promise<ResponseOf<typeof endpoints.delete>> {
    await this.users.adminEdits.deleteByAdmin(caller, id);
    return { success: true, message: 'User deleted successfully' };
  }
}
