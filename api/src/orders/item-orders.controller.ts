import { Body, Controller, Delete, Get, Param, Post, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiQuery, ApiTags } from '@nestjs/swagger';
import {
  deletedResponseSchema,
  itemOrderSchema,
  newItemOrderBodySchema,
  objectIdSchema,
  userEmailQuerySchema,
  verifyOrderResponseSchema,
  type DeletedResponse,
  type ItemOrder,
  type NewItemOrderBody,
  type UserEmailQuery,
  type VerifyOrderResponse,
} from '@coldmail/contracts';
import { z } from 'zod';
import { AdminOnly, CurrentUser, type AuthContext } from '../auth/auth-context';
import { openApiSchema } from '../common/openapi';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import { ItemOrdersService, toItemOrderRecord } from './item-orders.service';

@ApiTags('item orders')
@ApiBearerAuth()
@Controller()
export class ItemOrdersController {
  constructor(private readonly orders: ItemOrdersService) {}

  /** 403 'Sellers cannot purchase products' for Sellers; prices come from the stored item. */
  @Post('new-item-order')
  @ApiBody({ schema: openApiSchema(newItemOrderBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchema(itemOrderSchema) })
  async create(
    @CurrentUser() caller: AuthContext,
    @Body(new ZodValidationPipe(newItemOrderBodySchema)) body: NewItemOrderBody,
  ): Promise<ItemOrder> {
    return toItemOrderRecord(await this.orders.create(caller, body), caller);
  }

  @Get('item-orders')
  @ApiQuery({ name: 'userEmail', required: false, description: 'Yours, or any (admins)' })
  @ApiOkResponse({ schema: openApiSchema(z.array(itemOrderSchema)) })
  async list(
    @CurrentUser() caller: AuthContext,
    @Query(new ZodValidationPipe(userEmailQuerySchema)) query: UserEmailQuery,
  ): Promise<ItemOrder[]> {
    const orders = await this.orders.listFor(caller, query.userEmail);
    return orders.map((order) => toItemOrderRecord(order, caller));
  }

  /** Its buyer or an admin; 404 for anyone else. accessUrl only once paid. */
  @Get('item-order/:id')
  @ApiOkResponse({ schema: openApiSchema(itemOrderSchema) })
  async get(
    @CurrentUser() caller: AuthContext,
    @Param('id', new ZodValidationPipe(objectIdSchema)) id: string,
  ): Promise<ItemOrder> {
    return toItemOrderRecord(await this.orders.findVisible(id, caller), caller);
  }

  /** Whether the item order has been paid (a verified capture); its buyer or an admin. */
  @Get('verify-order/:id')
  @ApiOkResponse({ schema: openApiSchema(verifyOrderResponseSchema) })
  async verify(
    @CurrentUser() caller: AuthContext,
    @Param('id', new ZodValidationPipe(objectIdSchema)) id: string,
  ): Promise<VerifyOrderResponse> {
    const order = await this.orders.findVisible(id, caller);
    return {
      success: true,
      verified: order.paymentStatus === 'Paid' && Boolean(order.paypalTransactionID),
      paymentStatus: order.paymentStatus,
      orderStatus: order.orderStatus,
    };
  }

  /** Pending orders only; a paid one is a 409. */
  @Delete('item-order/:id')
  @AdminOnly()
  @ApiOkResponse({ schema: openApiSchema(deletedResponseSchema) })
  async delete(
    @Param('id', new ZodValidationPipe(objectIdSchema)) id: string,
  ): Promise<DeletedResponse> {
    await this.orders.deletePending(id);
    return { success: true, message: 'Order deleted successfully!' };
  }
}
