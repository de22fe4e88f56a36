import { Controller, ForbiddenException, HttpException, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import {
  contract,
  type ResponseOf,
  type ParsedBodyOf,
  type ParsedParamsOf,
} from '@coldmail/contracts';
import type { FastifyReply } from 'fastify';

import { CurrentUser, type AuthContext } from '../auth/auth-context';
import { Endpoint, ValidBody, ValidParams } from '../common/endpoint';
import { ServerTiming } from '../common/server-timing';
import { SensitiveRoute } from '../common/throttling';
import { GeneratorService } from './generator.service';

const endpoints = contract.generator;

@ApiTags('generator')
@Controller()
export class GeneratorController {
  constructor(private readonly generator: GeneratorService) {}

  @Endpoint(endpoints.generate)
  @SensitiveRoute()
  async generate(
    @CurrentUser() caller: AuthContext,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.generate>,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ResponseOf<typeof endpoints.generate>> {
    // Server-Timing splits the model's time from the API's own (npm run bench:generate).
    const timing = new ServerTiming();
    try {
      return await this.generator.generate(caller, body, timing);
    } finally {
      void reply.header('server-timing', timing.header(reply.elapsedTime));
    }
  }

  /**
   * Server-sent events: `chunk` ({ text }) as the model writes, then `done` (the parsed email,
   * as POST /api/generate-email answers it) or `error` ({ statusCode, message }). Errors before
   * the first chunk are ordinary JSON answers (402, 429, 503...).
   *
   * A reader who leaves before any chunk was written to them gets the credit back. Once text was
   * sent the email is paid for: the model is read to the end without a reader and the email kept
   * in their history, as if they had stayed (a failing model still gives the credit back).
   */
  @Endpoint(endpoints.generateStream)
  @SensitiveRoute()
  async generateStream(
    @CurrentUser() caller: AuthContext,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.generateStream>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const raw = reply.raw;
    // Watched from the start: the reader may leave while the model has not written a word yet.
    let gone = raw.destroyed;
    raw.once('close', () => {
      gone = true;
    });
    const run = await this.generator.generateStream(caller, body);
    reply.hijack();
    if (!gone) {
      raw.writeHead(200, {
        ...(reply.getHeaders() as Record<string, string>),
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
        // A hijacked socket is not Fastify's to close on shutdown: it closes when the stream ends.
        connection: 'close',
      });
    }
    /** Whether the event was written: nothing is written once the reader has gone. */
    const send = (event: string, data: unknown): boolean => {
      if (gone) return false;
      raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      return true;
    };
    let text = '';
    let sentText = false;
    try {
      for await (const chunk of run.chunks) {
        // Leaving the loop stops the model's stream.
        if (gone && !sentText) break;
        text += chunk;
        if (send('chunk', { text: chunk })) sentText = true;
      }
      if (gone && !sentText) {
        await run.fail();
        return;
      }
      send('done', await run.finish(text));
    } catch (error) {
      // Refunding is idempotent: a finish that already gave the credit back changes nothing.
      await run.fail();
      const status = error instanceof HttpException ? error.getStatus() : 500;
      send('error', {
        statusCode: status,
        message: error instanceof HttpException ? error.message : 'Generation failed',
      });
    } finally {
      if (gone) raw.destroy();
      else raw.end();
    }
  }

  @Endpoint(endpoints.availability)
  async availability(
    @CurrentUser() caller: AuthContext,
  ): Promise<ResponseOf<typeof endpoints.availability>> {
    return this.generator.availability(caller);
  }

  @Endpoint(endpoints.enhancePrompt)
  @SensitiveRoute()
  async enhancePrompt(
    @CurrentUser() caller: AuthContext,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.enhancePrompt>,
  ): Promise<ResponseOf<typeof endpoints.enhancePrompt>> {
    return { enhancedPrompt: await this.generator.enhancer.enhance(caller, body.prompt) };
  }

  /** The spec's client sends `{ userEmail, amount }`: the e-mail must be the caller's. */
  @Endpoint(endpoints.deductCredit)
  async deductCredit(
    @CurrentUser() caller: AuthContext,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.deductCredit>,
  ): Promise<ResponseOf<typeof endpoints.deductCredit>> {
    assertOwnEmail(caller, body.userEmail);
    return { success: true, ...(await this.generator.separateDebits.deduct(caller)) };
  }

  /**
   * Our pages name the generation; the spec's client sends `{ userEmail, amount }`, which gives
   * back the caller's own latest debit that has no email and no refund yet.
   */
  @Endpoint(endpoints.refundCredit)
  async refundCredit(
    @CurrentUser() caller: AuthContext,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.refundCredit>,
  ): Promise<ResponseOf<typeof endpoints.refundCredit>> {
    if ('generationId' in body) {
      return {
        success: true,
        ...(await this.generator.separateDebits.refundByClient(caller, body.generationId)),
      };
    }
    assertOwnEmail(caller, body.userEmail);
    return { success: true, ...(await this.generator.separateDebits.refundLatestDebit(caller)) };
  }

  @Endpoint(endpoints.history)
  history(@CurrentUser() caller: AuthContext): Promise<ResponseOf<typeof endpoints.history>> {
    return this.generator.records.history(caller);
  }

  @Endpoint(endpoints.deleteGeneration)
  async deleteGeneration(
    @CurrentUser() caller: AuthContext,
    @ValidParams() { id }: ParsedParamsOf<typeof endpoints.deleteGeneration>,
  ): Promise<ResponseOf<typeof endpoints.deleteGeneration>> {
    await this.generator.records.remove(caller, id);
    return { success: true, message: 'Generated email deleted' };
  }
}

/** A body naming a user names the caller (compared case-insensitively): nobody acts for another. */
function assertOwnEmail(caller: AuthContext, userEmail: string | undefined): void {
  if (userEmail !== undefined && userEmail.toLowerCase() !== caller.email.toLowerCase()) {
    throw new ForbiddenException('You can only change your own credits');
  }
}
