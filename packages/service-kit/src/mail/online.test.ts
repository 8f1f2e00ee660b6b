import { SmtpMailer } from './online';

describe('SmtpMailer', () => {
  // issue 30: an 'error' event of the transport (a pooled connection or an OAuth2 token that fails) without a
  // listener would end the process; the send's own rejection is what reports it
  it('has a listener for its transport’s error events, and a send to nowhere rejects', async () => {
    const mailer = new SmtpMailer('smtp://127.0.0.1:9?pool=true&connectionTimeout=500', 'noreply@kinfolio.test');
    const transport = (mailer as unknown as { transport: { emit(e: string, err: Error): boolean } }).transport;
    expect(() => transport.emit('error', new Error('token refresh failed'))).not.toThrow();
    await expect(mailer.send({ to: 'a@kinfolio.test', subject: 's', text: 't' })).rejects.toThrow();
  });
});
