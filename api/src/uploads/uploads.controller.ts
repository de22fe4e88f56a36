import {
  BadRequestException,
  Controller,
  Get,
  Param,
  PayloadTooLargeException,
  Post,
  Req,
  Res,
} from '@nestjs/common';
import { ApiBearerAuth, ApiConsumes, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  MAX_UPLOAD_BYTES,
  objectIdSchema,
  UPLOAD_TOO_LARGE_MESSAGE,
  uploadResponseSchema,
  type UploadResponse,
} from '@coldmail/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, Public, type AuthContext } from '../auth/auth-context';
import { openApiSchema } from '../common/openapi';
import { SensitiveRoute } from '../common/throttling';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import { UploadsService } from './uploads.service';

/** Room for the multipart boundaries and part headers around the image itself. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

@ApiTags('uploads')
@Controller('image-server')
export class UploadsController {
  constructor(
    private readonly uploads: UploadsService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  @Post('upload')
  @SensitiveRoute()
  @ApiBearerAuth()
  @ApiConsumes('multipart/form-data')
  @ApiOkResponse({ schema: openApiSchema(uploadResponseSchema) })
  async upload(
    @CurrentUser() caller: AuthContext,
    @Req() request: FastifyRequest,
  ): Promise<UploadResponse> {
    // Refuse an announced oversized body before reading any of it.
    if (Number(request.headers['content-length']) > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES) {
      throw new PayloadTooLargeException(UPLOAD_TOO_LARGE_MESSAGE);
    }
    if (!request.isMultipart()) {
      throw new BadRequestException('Send the image as multipart/form-data in the field "image".');
    }
    const part = await request.file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } });
    if (!part || part.fieldname !== 'image') {
      throw new BadRequestException('Send the image as multipart/form-data in the field "image".');
    }
    let content: Buffer;
    try {
      content = await part.toBuffer();
    } catch (error) {
      if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
        throw new PayloadTooLargeException(UPLOAD_TOO_LARGE_MESSAGE);
      }
      throw error;
    }
    const id = await this.uploads.storeImage(content, caller.email);
    return { file: { url: `${this.publicBaseUrl(request)}/image-server/files/${id}` } };
  }

  @Get('files/:id')
  @Public()
  async serve(
    @Param('id', new ZodValidationPipe(objectIdSchema)) id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const image = await this.uploads.openImage(id);
    await reply
      .header('content-type', image.contentType)
      .header('content-length', image.length)
      // Ids are never reused and files never change.
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      // The shell and remotes live on other origins and show these images.
      .header('cross-origin-resource-policy', 'cross-origin')
      .send(image.stream);
  }

  private publicBaseUrl(request: FastifyRequest): string {
    return this.config.publicApiUrl ?? `${request.protocol}://${request.host}`;
  }
}
