import { NotFoundException } from '@nestjs/common';
import { Error as MongooseError, mongo } from 'mongoose';
import { DATABASE_UNAVAILABLE, errorBodyOf } from './all-exceptions.filter';

describe('errorBodyOf (what a client is told)', () => {
  it('says 503, try again, while the database cannot be reached', () => {
    const unreachable = [
      new mongo.MongoNetworkError('connection 3 to db.internal:27017 closed'),
      new MongooseError.MongooseServerSelectionError('connect ECONNREFUSED 10.0.0.5:27017'),
      new MongooseError('Operation `users.findOne()` buffering timed out after 10000ms'),
    ];
    for (const error of unreachable) {
      expect(errorBodyOf(error)).toEqual({ statusCode: 503, message: DATABASE_UNAVAILABLE });
    }
  });

  it('keeps other failures a plain 500 that names nothing internal', () => {
    expect(errorBodyOf(new MongooseError('Cast to ObjectId failed'))).toEqual({
      statusCode: 500,
      message: 'Internal server error',
    });
    expect(errorBodyOf(new TypeError('x is undefined'))).toEqual({
      statusCode: 500,
      message: 'Internal server error',
    });
    expect(errorBodyOf(new NotFoundException('Order not found'))).toEqual({
      statusCode: 404,
      message: 'Order not found',
    });
  });
});
