import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BadRequestException,
  ForbiddenException,
  Injectable,
  NotFoundException,
  OnModuleInit,
  PayloadTooLargeException,
} from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import {
  UPLOAD_NOT_IMAGE_MESSAGE,
  UPLOAD_QUOTA_MESSAGE,
  UPLOAD_TOO_LARGE_MESSAGE,
  uploadImageTypes,
} from '@coldmail/contracts';
import { stream as withFileType } from 'file-type';
import { Connection, mongo } from 'mongoose';
import type { AuthContext } from '../auth/auth-context';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';

const BUCKET = 'images';

export interface StoredImage {
  contentType: string;
  length: number;
  stream: Readable;
}

/** An uploaded image as its uploader lists it. */
export interface OwnImage {
  id: string;
  contentType: string;
  size: number;
  uploadedAt: Date;
}

/** The multipart file part: busboy sets `truncated` once the size limit cut it short. */
export type IncomingFile = Readable & { truncated?: boolean };

interface ImageMetadata {
  contentType?: string;
  uploadedBy?: string;
}

/**
 * Uploaded images, kept in MongoDB GridFS so that every API instance serves every upload. A
 * file's type is read from its content: the name and the client's Content-Type are not trusted.
 * Images stream from the request into GridFS (only the first bytes are held, to read the type),
 * and each user keeps at most their quota of bytes.
 */
@Injectable()
export class UploadsService implements OnModuleInit {
  constructor(
    @InjectConnection() private readonly connection: Connection,
    @InjectConfig() private readonly config: AppConfig,
  ) {}

  /** The quota sums a user's files: that lookup has an index. */
  async onModuleInit(): Promise<void> {
    await this.files().createIndex({ 'metadata.uploadedBy': 1, uploadDate: -1 });
  }

  private db(): mongo.Db {
    // The connection's db only exists once connected, so buckets are made on use.
    const db = this.connection.db;
    if (!db) throw new Error('The database is not connected');
    return db;
  }

  private bucket(): mongo.GridFSBucket {
    return new mongo.GridFSBucket(this.db(), { bucketName: BUCKET });
  }

  private files(): mongo.Collection<mongo.GridFSFile> {
    return this.db().collection<mongo.GridFSFile>(`${BUCKET}.files`);
  }

  /**
   * Stores an image streamed from the request and returns its id. 400 when it is not an
   * accepted image type, 413 when it is over the size limit or the uploader's quota.
   */
  async storeImage(file: IncomingFile, uploadedBy: string): Promise<string> {
    if ((await this.usedBytes(uploadedBy)) >= this.config.uploadQuotaBytes) {
      file.resume();
      throw new PayloadTooLargeException(UPLOAD_QUOTA_MESSAGE);
    }
    const typed = await withFileType(file);
    const contentType = typed.fileType?.mime;
    if (!contentType || !(uploadImageTypes as readonly string[]).includes(contentType)) {
      typed.resume();
      throw new BadRequestException(UPLOAD_NOT_IMAGE_MESSAGE);
    }
    const bucket = this.bucket();
    const upload = bucket.openUploadStream(`image.${typed.fileType?.ext ?? 'bin'}`, {
      metadata: { contentType, uploadedBy },
    });
    await pipeline(typed, upload);
    const id = upload.id;
    if (file.truncated) {
      await bucket.delete(id);
      throw new PayloadTooLargeException(UPLOAD_TOO_LARGE_MESSAGE);
    }
    // Concurrent uploads may pass the first check together: the total decides.
    if ((await this.usedBytes(uploadedBy)) > this.config.uploadQuotaBytes) {
      await bucket.delete(id);
      throw new PayloadTooLargeException(UPLOAD_QUOTA_MESSAGE);
    }
    return id.toHexString();
  }

  async openImage(id: string): Promise<StoredImage> {
    const objectId = new mongo.ObjectId(id);
    const bucket = this.bucket();
    const file = await bucket.find({ _id: objectId }).next();
    if (!file) throw new NotFoundException('Image not found');
    const contentType = (file.metadata as ImageMetadata | undefined)?.contentType;
    return {
      contentType: typeof contentType === 'string' ? contentType : 'application/octet-stream',
      length: file.length,
      stream: bucket.openDownloadStream(objectId),
    };
  }

  /** The caller's images, newest first, and the bytes they take. */
  async listOwn(uploadedBy: string): Promise<{ files: OwnImage[]; usedBytes: number }> {
    const files = await this.files()
      .find({ 'metadata.uploadedBy': uploadedBy })
      .sort({ uploadDate: -1 })
      .toArray();
    return {
      files: files.map((file) => ({
        id: file._id.toHexString(),
        contentType: (file.metadata as ImageMetadata | undefined)?.contentType ?? '',
        size: file.length,
        uploadedAt: file.uploadDate,
      })),
      usedBytes: files.reduce((sum, file) => sum + file.length, 0),
    };
  }

  /** Its uploader or an admin may delete an image; anyone else gets 403. */
  async deleteImage(id: string, caller: AuthContext): Promise<void> {
    const objectId = new mongo.ObjectId(id);
    const file = await this.files().findOne({ _id: objectId });
    if (!file) throw new NotFoundException('Image not found');
    const owner = (file.metadata as ImageMetadata | undefined)?.uploadedBy;
    if (owner !== caller.email && caller.user?.userRole !== 'Admin') {
      throw new ForbiddenException('You can only delete images you uploaded');
    }
    await this.bucket().delete(objectId);
  }

  private async usedBytes(uploadedBy: string): Promise<number> {
    const files = await this.files()
      .find({ 'metadata.uploadedBy': uploadedBy }, { projection: { length: 1 } })
      .toArray();
    return files.reduce((sum, file) => sum + file.length, 0);
  }
}
