import { Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { contract, type ResponseOf, type ParsedBodyOf } from '@coldmail/contracts';
import { CurrentUser, type AuthContext } from '../auth/auth-context';
import { Endpoint, ValidBody } from '../common/endpoint';
import { SensitiveRoute } from '../common/throttling';
import { MessagesService } from './messages.service';

const endpoints = contract.messages;

@ApiTags('messages')
@Controller()
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Endpoint(endpoints.send)
  @SensitiveRoute()
  async send(
    @CurrentUser() caller: AuthContext,
    @ValidBody() body: ParsedBodyOf<typeof endpoints.send>,
  ): Promise<ResponseOf<typeof endpoints.send>> {
    await this.messages.send(caller, body);
    return { success: true, message: 'Message sent successfully.' };
  }
}
