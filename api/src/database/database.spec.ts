import { redactCredentials } from './database';

describe('redactCredentials (the database URI in the start-up log)', () => {
  it('leaves out the user, the password and every option, which can carry secrets', () => {
    expect(
      redactCredentials(
        'mongodb+srv://app:p%40ss@cluster0.example.net/coldmail?authMechanism=MONGODB-AWS' +
          '&authMechanismProperties=AWS_SESSION_TOKEN:secret-token&tlsCertificateKeyFilePassword=pw',
      ),
    ).toBe('mongodb+srv://***@cluster0.example.net/coldmail?…');
  });

  it('keeps a URI without credentials or options as it is', () => {
    expect(redactCredentials('mongodb://db1:27017,db2:27017/coldmail')).toBe(
      'mongodb://db1:27017,db2:27017/coldmail',
    );
  });
});
