import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import {
  sendMessageBodySchema,
  sendMessageResponseSchema,
  type SendMessageBody,
  type SendMessageResponse,
} from '@coldmail/contracts';
import { AdminOnly, CurrentUser, type AuthContext } from '../auth/auth-context';
import { openApiSchema } from '../common/openapi';
import { SensitiveRoute } from '../common/throttling';
import { ZodValidationPipe } from '../common/zod-validation.pipe';
import { MessagesService } from './messages.service';

@ApiTags('messages')
@ApiBearerAuth()
@Controller()
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Post('send-message')
  @HttpCode(200)
  @AdminOnly()
  @SensitiveRoute()
  @ApiBody({ schema: openApiSchema(sendMessageBodySchema, 'input') })
  @ApiOkResponse({ schema: openApiSchema(sendMessageResponseSchema) })
  async send(
    @CurrentUser() caller: AuthContext,
    @Body(new ZodValidationPipe(sendMessageBodySchema)) body: SendMessageBody,
  ): Promise<SendMessageResponse> {
    await this.messages.send(caller.email, body);
    return { success: true, message: 'Message sent successfully.' };
  }
}
