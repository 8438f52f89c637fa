// Windows credentials over SMB2 with NTLMv2: the NTLMv2 computation against MS-NLMP's own test vectors, and logins
// against a real Samba server on loopback (NTLMv2 only, no guest mapping): the right password with and without the
// workgroup, a wrong one, an unknown account, a closed port, and something that is not SMB.
import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authenticateMessage, ntHash, readChallenge, testWindowsLogin, type WindowsLogin } from '../src/auth/index.ts';
import { startSmbTarget, smbTargetUnavailable, type SmbTarget } from './services-helpers/smb-target.ts';

describe('NTLMv2 (MS-NLMP 4.2.4 test vectors)', () => {
  it('computes the NT hash and the NTLMv2 response of the specification', () => {
    expect(ntHash('Password').toString('hex')).toBe('a4f49c406510bdcab6824ee7c30fd852');
    const targetInfo = Buffer.from('02000c0044006f006d00610069006e0001000c0053006500720076006500720000000000', 'hex');
    // A challenge message as a server sends it: signature, type 2, target name, flags, challenge, target info.
    const m = Buffer.alloc(48);
    m.write('NTLMSSP\0', 0, 'latin1');
    m.writeUInt32LE(2, 8);
    m.writeUInt32LE(0xe28a8233, 20);
    Buffer.from('0123456789abcdef', 'hex').copy(m, 24);
    m.writeUInt16LE(targetInfo.length, 40);
    m.writeUInt16LE(targetInfo.length, 42);
    m.writeUInt32LE(48, 44);
    const challenge = readChallenge(Buffer.concat([Buffer.from([0xa1, 0x00]), m, targetInfo]));
    expect(challenge.names).toEqual({ netbiosDomain: 'Domain', netbiosComputer: 'Server' });
    // The specification's time is 0: the FILETIME of 1601-01-01.
    const auth = authenticateMessage(
      { username: 'User', password: 'Password', domain: 'Domain' },
      challenge,
      -11_644_473_600_000,
      Buffer.from('aaaaaaaaaaaaaaaa', 'hex'),
    );
    const ntLen = auth.readUInt16LE(20);
    const ntOffset = auth.readUInt32LE(24);
    // NTProofStr of MS-NLMP 4.2.4.2.2.
    expect(auth.subarray(ntOffset, ntOffset + 16).toString('hex')).toBe('68cd0ab851e51c96aabc927bebef6a1c');
    expect(ntLen).toBe(16 + 28 + targetInfo.length + 4);
    // LMv2 response of 4.2.4.2.1.
    const lmOffset = auth.readUInt32LE(16);
    expect(auth.subarray(lmOffset, lmOffset + 24).toString('hex')).toBe('86c35097ac9cec102554764a57cccc19aaaaaaaaaaaaaaaa');
  });
});

describe.skipIf(smbTargetUnavailable() !== undefined)('Windows credentials against Samba on loopback', () => {
  let smb: SmbTarget;
  beforeAll(async () => {
    smb = await startSmbTarget('127.0.6.50', 'bwwin');
  }, 30_000);
  afterAll(async () => smb?.stop());

  const login = (o: Partial<WindowsLogin>): WindowsLogin => ({
    id: 1,
    name: 'Samba',
    username: smb.user.username,
    password: smb.user.password,
    domain: '',
    ntlmV2Only: true,
    ...o,
  });

  it('logs in with the right password, with or without the workgroup, and says what it found', async () => {
    for (const domain of ['', smb.workgroup]) {
      const r = await testWindowsLogin(smb.host, login({ domain }));
      expect(r, JSON.stringify(r)).toMatchObject({ health: 'ok', connected: true, authenticated: true, port: 445 });
      expect(r.steps.map((s) => [s.step, s.ok])).toEqual([
        ['connect', true],
        ['authenticate', true],
        ['system', true],
      ]);
      expect(r.steps[0]!.message).toMatch(/^Connected to 127\.0\.6\.50:445, SMB 3\.0\.2 \(.*BWSMBTEST.*\)\.$/i);
      expect(r.steps[1]!.message).toBe(`Logged in as ${domain ? `${domain}\\` : ''}${smb.user.username} over NTLMv2.`);
    }
  });

  it('refuses a wrong password and an unknown account with the server’s reason', async () => {
    for (const l of [login({ password: 'wrong' }), login({ username: 'nobody-here' })]) {
      const r = await testWindowsLogin(smb.host, l);
      expect(r).toMatchObject({ health: 'auth_failed', connected: true, authenticated: false });
      expect(r.steps.at(-1)).toEqual({ step: 'authenticate', ok: false, message: 'The user name or password is wrong.' });
    }
  });

  it('says when nothing listens, or when what listens is not SMB', async () => {
    const closed = await testWindowsLogin('127.0.6.51', login({}), { timeoutMs: 3000 });
    expect(closed).toMatchObject({ health: 'connection_failed', connected: false });
    expect(closed.steps[0]!.message).toMatch(/^Could not connect to 127\.0\.6\.51:445: /);
    const server = createServer((s) => s.end('HTTP/1.1 400 Bad Request\r\n\r\n'));
    await new Promise<void>((r) => server.listen(0, '127.0.6.51', () => r()));
    const port = (server.address() as { port: number }).port;
    const http = await testWindowsLogin('127.0.6.51', login({}), { port, timeoutMs: 3000 });
    server.close();
    expect(http.health).toBe('connection_failed');
    expect(http.steps[0]!.message).toMatch(/answered, but not as an SMB2 server/);
  });
});
