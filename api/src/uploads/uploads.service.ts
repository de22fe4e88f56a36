import type { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import {
  BadRequestException,
  ForbiddenException,
  Injectable,
  NotFoundException,
  OnModuleInit,
  PayloadTooLargeException,
} from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { UPLOAD_NOT_IMAGE_MESSAGE, UPLOAD_QUOTA_MESSAGE } from '@coldmail/contracts';
import { Connection, mongo } from 'mongoose';
import { AuditService } from '../audit/audit.service';
import type { AuthContext } from '../auth/auth-context';
import type { AppConfig } from '../config/app-config';
import { InjectConfig } from '../config/config.module';
import { Migrations } from '../database/migrations';
import { UsersService } from '../users/users.service';
import { imageFormatOf, NotAnImage, SNIFF_BYTES } from './image-formats';
import { ImageStructureCheck } from './image-structure';
import { UploadReader, type IncomingFile } from './upload-reader';

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

interface ImageMetadata {
  contentType?: string;
  /** The uploader's address when they uploaded it (display data). */
  uploadedBy?: string;
  /** The uploader's user record id: who owns the image (its quota, who may delete it). */
  uploaderId?: string;
}

/** Who uploads: their user record owns the image; the address is kept for display. */
export interface Uploader {
  userId: string;
  email: string;
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
    private readonly audit: AuditService,
    private readonly users: UsersService,
    private readonly migrations: Migrations,
  ) {}

  /**
   * The quota sums a user's files: that lookup has an index. Images uploaded before they carried
   * their uploader's record id get it, once for the database, from the record that has shown it
   * owns their address (never one an unverified account made); only images without one are
   * touched.
   */
  async onModuleInit(): Promise<void> {
    await this.files().createIndex({ 'metadata.uploaderId': 1, uploadDate: -1 });
    await this.migrations.runOnce('upload-owners', async () => {
      const emails = await this.files().distinct('metadata.uploadedBy', {
        'metadata.uploaderId': { $exists: false },
      });
      for (const email of emails) {
        if (typeof email !== 'string') continue;
        const userId = await this.users.addresses.verifiedOwnerOfEmail(email);
        if (!userId) continue;
        await this.files().updateMany(
          { 'metadata.uploadedBy': email, 'metadata.uploaderId': { $exists: false } },
          { $set: { 'metadata.uploaderId': userId } },
        );
      }
    });
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

  private chunks(): mongo.Collection<mongo.GridFSChunk> {
    return this.db().collection<mongo.GridFSChunk>(`${BUCKET}.chunks`);
  }

  /**
   * Stores an image streamed from the request and returns its id. 400 when it is not an
   * accepted image type or the request ends before the image does, 413 when it is over the size
   * limit or the uploader's quota. A refused upload leaves nothing in GridFS.
   */
  async storeImage(file: IncomingFile, uploader: Uploader): Promise<string> {
    if ((await this.usedBytes(uploader.userId)) >= this.config.uploadQuotaBytes) {
      file.resume();
      throw new PayloadTooLargeException(UPLOAD_QUOTA_MESSAGE);
    }
    const reader = new UploadReader(file);
    const head = await reader.head(SNIFF_BYTES);
    const format = imageFormatOf(head);
    if (!format) {
      await reader.drain();
      throw new BadRequestException(UPLOAD_NOT_IMAGE_MESSAGE);
    }
    const check = new ImageStructureCheck(format);
    const bucket = this.bucket();
    const upload = bucket.openUploadStream(`image.${check.extension}`, {
      metadata: {
        contentType: check.type,
        uploadedBy: uploader.email,
        uploaderId: uploader.userId,
      },
    });
    const id = upload.id;
    try {
      // One chunk at a time, each write settled before the next is read: not pipeline(), which
      // on a failed request destroys the upload while a chunk insert may still be under way,
      // and that chunk would land after the clean-up below.
      for await (const chunk of reader.bytes()) {
        check.push(chunk);
        await new Promise<void>((resolve, reject) =>
          upload.write(chunk, (error) => (error ? reject(error) : resolve())),
        );
      }
      check.finish();
      upload.end();
      await finished(upload);
    } catch (error) {
      if (error instanceof NotAnImage) await reader.drain();
      // GridFS writes chunks as the image arrives, and only the file entry at the end.
      await Promise.all([
        this.files().deleteOne({ _id: id }),
        this.chunks().deleteMany({ files_id: id }),
      ]);
      if (error instanceof NotAnImage) {
        throw new BadRequestException(UPLOAD_NOT_IMAGE_MESSAGE, { cause: error });
      }
      throw error;
    }
    // Concurrent uploads may pass the first check together: the total decides.
    if ((await this.usedBytes(uploader.userId)) > this.config.uploadQuotaBytes) {
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
  async listOwn(uploaderId: string): Promise<{ files: OwnImage[]; usedBytes: number }> {
    const files = await this.files()
      .find({ 'metadata.uploaderId': uploaderId })
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

  /**
   * Its uploader or an admin may delete an image; anyone else gets 403. An admin deleting
   * someone else's image is an admin change, written to the audit log.
   */
  async deleteImage(id: string, caller: AuthContext): Promise<void> {
    const objectId = new mongo.ObjectId(id);
    const file = await this.files().findOne({ _id: objectId });
    if (!file) throw new NotFoundException('Image not found');
    const metadata = file.metadata as ImageMetadata | undefined;
    const owner = metadata?.uploadedBy;
    const own = caller.user !== null && metadata?.uploaderId === caller.user._id;
    if (!own && caller.user?.userRole !== 'Admin') {
      throw new ForbiddenException('You can only delete images you uploaded');
    }
    await this.bucket().delete(objectId);
    if (!own) {
      await this.audit.record(caller, {
        action: 'image.delete',
        target: { kind: 'image', id, label: owner ?? null },
        before: {
          uploadedBy: owner ?? null,
          contentType: metadata?.contentType ?? null,
          size: file.length,
          uploadedAt: file.uploadDate,
        },
      });
    }
  }

  /**
   * A user deleted their account: the images they uploaded go. Chunks first, then the file
   * entries that name them, so a removal that stops half-way is found and finished by the next.
   */
  async removeAllOf(uploaderId: string): Promise<void> {
    const files = await this.files()
      .find({ 'metadata.uploaderId': uploaderId }, { projection: { _id: 1 } })
      .toArray();
    const ids = files.map((file) => file._id);
    if (ids.length === 0) return;
    await this.chunks().deleteMany({ files_id: { $in: ids } });
    await this.files().deleteMany({ _id: { $in: ids } });
  }

  private async usedBytes(uploaderId: string): Promise<number> {
    const files = await this.files()
      .find({ 'metadata.uploaderId': uploaderId }, { projection: { length: 1 } })
      .toArray();
    return files.reduce((sum, file) => sum + file.length, 0);
  }
}
