// Sends one-time codes by SMS through a configurable HTTP provider: POST JSON {to, message} to BULWARK_SMS_URL.
export class SmsSender {
  constructor(
    private readonly url: string | undefined,
    private readonly token: string | undefined,
  ) {}

  get configured(): boolean {
    return Boolean(this.url);
  }

  async send(to: string, message: string): Promise<void> {
    if (!this.url) throw new Error('SMS is not configured (BULWARK_SMS_URL).');
    const res = await fetch(this.url, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      body: JSON.stringify({ to, message }),
      signal: AbortSignal.timeout(10_000),
    });
    if (!res.ok) throw new Error(`SMS provider answered HTTP ${res.status}`);
  }
}
