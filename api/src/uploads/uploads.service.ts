import type { Readable } from 'node:stream';
import { BadRequestException, Injectable, NotFoundException } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import { UPLOAD_NOT_IMAGE_MESSAGE, uploadImageTypes } from '@coldmail/contracts';
import { fromBuffer } from 'file-type';
import { Connection, mongo } from 'mongoose';

const BUCKET = 'images';

export interface StoredImage {
  contentType: string;
  length: number;
  stream: Readable;
}

/**
 * Uploaded images, kept in MongoDB GridFS so that every API instance serves every upload. A
 * file's type is read from its content: the name and the client's Content-Type are not trusted.
 */
@Injectable()
export class UploadsService {
  constructor(@InjectConnection() private readonly connection: Connection) {}

  private bucket(): mongo.GridFSBucket {
    // The connection's db only exists once connected, so the bucket is made on use.
    const db = this.connection.db;
    if (!db) throw new Error('The database is not connected');
    return new mongo.GridFSBucket(db, { bucketName: BUCKET });
  }

  /** Stores an image and returns its id; rejects anything that is not an accepted image type. */
  async storeImage(content: Buffer, uploadedBy: string): Promise<string> {
    const detected = await fromBuffer(content);
    const contentType = detected?.mime;
    if (!contentType || !(uploadImageTypes as readonly string[]).includes(contentType)) {
      throw new BadRequestException(UPLOAD_NOT_IMAGE_MESSAGE);
    }
    const upload = this.bucket().openUploadStream(`image.${detected.ext}`, {
      metadata: { contentType, uploadedBy },
    });
    await new Promise<void>((resolve, reject) => {
      upload.once('finish', () => resolve());
      upload.once('error', reject);
      upload.end(content);
    });
    return upload.id.toHexString();
  }

  async openImage(id: string): Promise<StoredImage> {
    const objectId = new mongo.ObjectId(id);
    const bucket = this.bucket();
    const file = await bucket.find({ _id: objectId }).next();
    if (!file) throw new NotFoundException('Image not found');
    const contentType = (file.metadata as { contentType?: unknown } | undefined)?.contentType;
    return {
      contentType: typeof contentType === 'string' ? contentType : 'application/octet-stream',
      length: file.length,
      stream: bucket.openDownloadStream(objectId),
    };
  }
}
