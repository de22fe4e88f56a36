// The framework's floor: a bare NestJS app on Fastify (the adapter the API uses) whose one route
// answers GET / with a fixed JSON body (argv[2]); no guards, pipes, interceptors or logging.
// What the API costs beyond this is our own per-request work. Prints `ready PORT` when listening.
// argv[3], when given, is synthetic work in microseconds the handler spins for on each request:
// the benchmark's calibration of what a ratio to the bare route means in work per request.
import 'reflect-metadata';
import { Controller, Get, Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter } from '@nestjs/platform-fastify';

const body = JSON.parse(process.argv[2] ?? '{}');
const workMs = Number(process.argv[3] ?? 0) / 1000;

class BareController {
  answer() {
    if (workMs > 0) {
      const until = performance.now() + workMs;
      while (performance.now() < until);
    }
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
