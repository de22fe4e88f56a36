import {
  BadRequestException,
  Controller,
  PayloadTooLargeException,
  Req,
  Res,
} from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  contract,
  MAX_UPLOAD_BYTES,
  UPLOAD_TOO_LARGE_MESSAGE,
  type ResponseOf,
  type ParsedParamsOf,
} from '@coldmail/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, ownerIdOf, type AuthContext } from '../auth/auth-context';
import { errorBodyOf } from '../common/all-exceptions.filter';
import { Endpoint, ValidParams } from '../common/endpoint';
import { SensitiveRoute } from '../common/throttling';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import { imageUrlOf } from './image-urls';
import { UPLOAD_INCOMPLETE_MESSAGE } from './upload-reader';
import { UploadsService } from './uploads.service';

/** Room for the multipart boundaries and part headers around the image itself. */
const MULTIPART_OVERHEAD_BYTES = 16 * 1024;

const endpoints = contract.uploads;

@ApiTags('uploads')
@Controller()
export class UploadsController {
  constructor(
    private readonly uploads: UploadsService,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  @Endpoint(endpoints.upload)
  @SensitiveRoute()
  async upload(
    @CurrentUser() caller: AuthContext,
    @Req() request: FastifyRequest,
  ): Promise<ResponseOf<typeof endpoints.upload>> {
    // Refuse an announced oversized body before reading any of it.
    if (Number(request.headers['content-length']) > MAX_UPLOAD_BYTES + MULTIPART_OVERHEAD_BYTES) {
      throw new PayloadTooLargeException(UPLOAD_TOO_LARGE_MESSAGE);
    }
    if (!request.isMultipart()) {
      throw new BadRequestException('Send the image as multipart/form-data in the field "image".');
    }
    const part = await request
      .file({ limits: { fileSize: MAX_UPLOAD_BYTES, files: 1 } })
      .catch((error: unknown) => {
        // Fastify's multipart errors (limits, a closed connection) carry their 4xx; the parser's
        // (the body ended inside a part's headers, no boundary) carry none but are as much the
        // client's.
        if (errorBodyOf(error).statusCode < 500) throw error;
        throw new BadRequestException(UPLOAD_INCOMPLETE_MESSAGE, { cause: error });
      });
    if (!part || part.fieldname !== 'image') {
      throw new BadRequestException('Send the image as multipart/form-data in the field "image".');
    }
    // Streamed into storage: only the first bytes are held, to read the type.
    const id = await this.uploads.storeImage(part.file, {
      userId: ownerIdOf(caller),
      email: caller.email,
    });
    return { file: { url: this.urlOf(request, id) } };
  }

  @Endpoint(endpoints.mine)
  async mine(
    @CurrentUser() caller: AuthContext,
    @Req() request: FastifyRequest,
  ): Promise<ResponseOf<typeof endpoints.mine>> {
    const { files, usedBytes } = await this.uploads.listOwn(ownerIdOf(caller));
    return {
      files: files.map((file) => ({
        id: file.id,
        url: this.urlOf(request, file.id),
        contentType: file.contentType,
        size: file.size,
        uploadedAt: file.uploadedAt.toISOString(),
      })),
      usedBytes,
      quotaBytes: this.config.uploadQuotaBytes,
    };
  }

  /** Its uploader or an admin. Pages that still show the image then show a broken image. */
  @Endpoint(endpoints.delete)
  async delete(
    @CurrentUser() caller: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.delete>,
  ): Promise<ResponseOf<typeof endpoints.delete>> {
    await this.uploads.deleteImage(id, caller);
    return { success: true, message: 'Image deleted' };
  }

  /** Bytes, not JSON: the reply is written here. */
  @Endpoint(endpoints.file)
  async serve(
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.file>,
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

  private urlOf(request: FastifyRequest, id: string): string {
    return imageUrlOf(this.config.publicApiUrl, request, id);
  }
}
