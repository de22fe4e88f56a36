import type { Doc } from '../bson/types';
import { ErrorCode, MongoCommandError } from '../errors';
import { aggregationCommands } from './aggregation';
import { refuseCollation } from './args';
import type { CommandContext, CommandHandler, CommandReply } from './context';
import { findCommands } from './find';
import { findAndModify } from './findAndModify';
import { handshakeCommands } from './handshake';
import { indexCommands } from './indexes';
import { namespaceCommands } from './namespaces';
import { writeCommands } from './writes';

const COMMANDS = new Map<string, CommandHandler>(
  Object.entries({
    ...handshakeCommands,
    ...namespaceCommands,
    ...findCommands,
    ...writeCommands,
    ...aggregationCommands,
    ...indexCommands,
    findAndModify,
    findandmodify: findAndModify,
  }),
);

/** A standalone mongod's answer to anything transactional. */
function refuseTransaction(): never {
  throw new MongoCommandError(
    ErrorCode.IllegalOperation,
    'Transaction numbers are only allowed on a replica set member or mongos',
  );
}

export function runCommand(cmd: Doc, ctx: CommandContext): CommandReply {
  const name = Object.keys(cmd)[0];
  if (name === undefined) throw new MongoCommandError(ErrorCode.FailedToParse, 'empty command');
  if (
    cmd['txnNumber'] !== undefined ||
    cmd['startTransaction'] !== undefined ||
    cmd['autocommit'] !== undefined ||
    name === 'commitTransaction' ||
    name === 'abortTransaction'
  ) {
    refuseTransaction();
  }
  refuseCollation(cmd);
  const handler = COMMANDS.get(name);
  if (!handler)
    throw new MongoCommandError(ErrorCode.CommandNotFound, `no such command: '${name}'`);
  return handler(cmd, ctx);
}
