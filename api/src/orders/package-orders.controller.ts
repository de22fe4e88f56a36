import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  deletedResponseSchema,
  newOrderBodySchema,
  objectIdSchema,
  packageOrderSchema,
  userEmailQuerySchema,
  type DeletedResponse,
  type NewOrderBody,
  type PackageOrder,
  type UserEmailQuery,
} from '@coldmail/contracts';
import { z } from 'zod';
import { AdminOnly, CurrentUser, type AuthContext } from '../auth/auth-context';
import { openApiSchema } from '../common/openapi';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import { PackageOrdersService, toPackageOrderRecord } from './package-orders.service';

@ApiTags('orders')
@ApiBearerAuth()
@Controller()
export class PackageOrdersController {
  constructor(private readonly orders: PackageOrdersService) {}

  /** 403 'Sellers cannot purchase products' for Sellers; prices come from the stored package. */
  @Post('new-order')
  @ApiBody({ schema: openApiSchema(newOrderBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchema(packageOrderSchema) })
  async create(
    @CurrentUser() caller: AuthContext,
    @Body(new ZodValidationPipe(newOrderBodySchema)) body: NewOrderBody,
  ): Promise<PackageOrder> {
    return toPackageOrderRecord(await this.orders.create(caller, body));
  }

  @Get('orders')
  @ApiQuery({ name: 'userEmail', required: false, description: 'Yours, or any (admins)' })
  @ApiOkResponse({ schema: openApiSchema(z.array(packageOrderSchema)) })
  async list(
    @CurrentUser() caller: AuthContext,
    @Query(new ZodValidationPipe(userEmailQuerySchema)) query: UserEmailQuery,
  ): Promise<PackageOrder[]> {
    const orders = await this.orders.listFor(caller, query.userEmail);
    return orders.map(toPackageOrderRecord);
  }

  /** Its buyer or an admin; 404 for anyone else. */
  @Get('order/:id')
  @ApiOkResponse({ schema: openApiSchema(packageOrderSchema) })
  async get(
    @CurrentUser() caller: AuthContext,
    @Param('id', new ZodValidationPipe(objectIdSchema)) id: string,
  ): Promise<PackageOrder> {
    return toPackageOrderRecord(await this.orders.findVisible(id, caller));
  }

  /** Pending orders only; a paid one is a 409. */
  @Delete('order/:id')
  @AdminOnly()
  @ApiOkResponse({ schema: openApiSchema(deletedResponseSchema) })
  async delete(
    @Param('id', new ZodValidationPipe(objectIdSchema)) id: string,
  ): Promise<DeletedResponse> {
    await this.orders.deletePending(id);
    return { success: true, message: 'Order deleted successfully!' };
  }
}
