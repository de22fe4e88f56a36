import { Module } from '@nestjs/common';
import { MongooseModule } from '@nestjs/mongoose';
import { PackagesController } from './packages.controller';
import { PackagesService } from './packages.service';
import { CreditPackage, CreditPackageSchema } from './schemas/package.schema';

@Module({
  imports: [MongooseModule.forFeature([{ name: CreditPackage.name, schema: CreditPackageSchema }])],
  controllers: [PackagesController],
  providers: [PackagesService],
  exports: [PackagesService],
})
export class PackagesModule {}
