// The framework's floor: a bare NestJS app on Fastify (the adapter the API uses) whose one route
// answers GET / with a fixed JSON body (argv[2]); no guards, pipes, interceptors or logging.
// What the API costs beyond this is our own per-request work. Prints `ready PORT` when listening.
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';

const body = JSON.parse(process.argv[2] ?? '{}');

class BareController {
  answer() {
    return body;
  }
}
const answer = Object.getOwnPropertyDescriptor(BareController.prototype, 'answer');
Get()(BareController.prototype, 'answer', answer);
Controller()(BareController);

class BareModule {}
Module({ controllers: [BareController] })(BareModule);

const app = await NestFactory.create(BareModule, new FastifyAdapter(), { logger: false });
await app.listen(0, '127.0.0.1');
console.log(`ready ${new URL(await app.getUrl()).port}`);
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
