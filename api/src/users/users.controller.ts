import {
  Body,
  Controller,
  Delete,
  ForbiddenException,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
} from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  adminListEntrySchema,
  adminUserUpdateBodySchema,
  createUserBodySchema,
  deleteUserResponseSchema,
  objectIdSchema,
  profileUpdateBodySchema,
  userEmailQuerySchema,
  userRecordSchema,
  type AdminListEntry,
  type AdminUserUpdateBody,
  type CreateUserBody,
  type DeleteUserResponse,
  type ProfileUpdateBody,
  type UserEmailQuery,
  type UserRecord,
} from '@coldmail/contracts';
import { z } from 'zod';
import { AdminOnly, CurrentUser, type AuthContext } from '../auth/auth-context';
import { openApiSchema } from '../common/openapi';
import { SensitiveRoute } from '../common/throttling';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import { UsersService } from './users.service';

@ApiTags('users')
@ApiBearerAuth()
@Controller()
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Post('api/create-user')
  @HttpCode(200)
  @SensitiveRoute()
  @ApiBody({ schema: openApiSchema(createUserBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchema(userRecordSchema) })
  createUser(
    @CurrentUser() caller: AuthContext,
    @Body(new ZodValidationPipe(createUserBodySchema.default({}))) body: CreateUserBody,
  ): Promise<UserRecord> {
    return this.users.createOrSync({ email: caller.email, name: caller.name }, body);
  }

  @Get('users')
  @ApiQuery({ name: 'userEmail', required: false, description: 'Yours, or any (admins)' })
  @ApiOkResponse({ schema: openApiSchema(z.array(userRecordSchema)) })
  async listUsers(
    @CurrentUser() caller: AuthContext,
    @Query(new ZodValidationPipe(userEmailQuerySchema)) query: UserEmailQuery,
  ): Promise<UserRecord[]> {
    const isAdmin = caller.user?.userRole === 'Admin';
    if (query.userEmail === undefined) {
      if (!isAdmin) throw new ForbiddenException('Admin access required');
      return this.users.list();
    }
    if (query.userEmail !== caller.email && !isAdmin) {
      throw new ForbiddenException('You can only read your own user record');
    }
    if (query.userEmail === caller.email) return caller.user ? [caller.user] : [];
    const user = await this.users.findByEmail(query.userEmail);
    return user ? [user] : [];
  }

  /** Any signed-in user: the screens decide whether to show the Admin Panel link from it. */
  @Get('users/admins')
  @ApiOkResponse({ schema: openApiSchema(z.array(adminListEntrySchema)) })
  listAdmins(): Promise<AdminListEntry[]> {
    return this.users.listAdmins();
  }

  @Put('update-user-profile/:id')
  @ApiBody({ schema: openApiSchema(profileUpdateBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchema(userRecordSchema) })
  updateOwnProfile(
    @CurrentUser() caller: AuthContext,
    @Param('id', new ZodValidationPipe(objectIdSchema)) id: string,
    @Body(new ZodValidationPipe(profileUpdateBodySchema)) body: ProfileUpdateBody,
  ): Promise<UserRecord> {
    return this.users.updateOwnProfile(caller.email, id, body);
  }

  @Put('api/users/:id')
  @AdminOnly()
  @ApiBody({ schema: openApiSchema(adminUserUpdateBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchema(userRecordSchema) })
  updateUser(
    @CurrentUser() caller: AuthContext,
    @Param('id', new ZodValidationPipe(objectIdSchema)) id: string,
    @Body(new ZodValidationPipe(adminUserUpdateBodySchema)) body: AdminUserUpdateBody,
  ): Promise<UserRecord> {
    return this.users.updateByAdmin(caller, id, body);
  }

  @Delete('api/users/:id')
  @AdminOnly()
  @ApiOkResponse({ schema: openApiSchema(deleteUserResponseSchema) })
  async deleteUser(
    @CurrentUser() caller: AuthContext,
    @Param('id', new ZodValidationPipe(objectIdSchema)) id: string,
  ): Promise<DeleteUserResponse> {
    await this.users.deleteByAdmin(caller.email, id);
    return { success: true, message: 'User deleted successfully' };
  }
}
