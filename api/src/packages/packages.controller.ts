import { Body, Controller, Delete, Get, Param, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  deletedResponseSchema,
  objectIdSchema,
  packageBodySchema,
  packageSchema,
  type CreditPackage,
  type DeletedResponse,
  type PackageBody,
} from '@coldmail/contracts';
import { z } from 'zod';
import { AdminOnly, Public } from '../auth/auth-context';
import { openApiSchema } from '../common/openapi';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import { PackagesService } from './packages.service';

@ApiTags('packages')
@Controller()
export class PackagesController {
  constructor(private readonly packages: PackagesService) {}

  @Get('packages')
  @Public()
  @ApiOkResponse({ schema: openApiSchema(z.array(packageSchema)) })
  list(): Promise<CreditPackage[]> {
    return this.packages.list();
  }

  @Get('package/:id')
  @Public()
  @ApiOkResponse({ schema: openApiSchema(packageSchema) })
  get(@Param('id', new ZodValidationPipe(objectIdSchema)) id: string): Promise<CreditPackage> {
    return this.packages.get(id);
  }

  /** 409 'Maximum 3 packages allowed' when the store is full. */
  @Post('add-package')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiBody({ schema: openApiSchema(packageBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchema(packageSchema) })
  add(@Body(new ZodValidationPipe(packageBodySchema)) body: PackageBody): Promise<CreditPackage> {
    return this.packages.add(body);
  }

  @Put('edit-package/:id')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiBody({ schema: openApiSchema(packageBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchema(packageSchema) })
  edit(
    @Param('id', new ZodValidationPipe(objectIdSchema)) id: string,
    @Body(new ZodValidationPipe(packageBodySchema)) body: PackageBody,
  ): Promise<CreditPackage> {
    return this.packages.update(id, body);
  }

  @Delete('package/:id')
  @AdminOnly()
  @ApiBearerAuth()
  @ApiOkResponse({ schema: openApiSchema(deletedResponseSchema) })
  async delete(
    @Param('id', new ZodValidationPipe(objectIdSchema)) id: string,
  ): Promise<DeletedResponse> {
    await this.packages.delete(id);
    return { success: true, message: 'Package deleted successfully' };
  }
}
