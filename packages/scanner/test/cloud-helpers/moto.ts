// moto's server mode (the AWS stand-in the cloud tests and bench/cloud.ts scan): run from its source on Debian's Python
// packages (python3-boto3, -werkzeug, -flask, -responses, -jose, -xmltodict …, installed by .ci/run). The source is
// BULWARK_MOTO_DIR (a checkout's root, holding moto/), or the getmoto/moto snapshot under /work/.mirror, unpacked
// once into the temp directory. The snapshot lacks one large data file (the AWS-managed policy documents); a small
// stand-in with none takes its place there, which only means no AWS-managed policy can be attached.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../checks-helpers/fake-services.ts';

const MIRROR = '/work/.mirror/getmoto+moto/repo';
const PYTHON = '/usr/bin/python3';

/** Where moto's source is (a directory holding moto/), or why it cannot be had here. */
export function motoSource(): { dir: string } | { missing: string } {
  const given = process.env.BULWARK_MOTO_DIR;
  if (given)
    return existsSync(path.join(given, 'moto', '__init__.py')) ? { dir: given } : { missing: `BULWARK_MOTO_DIR=${given} holds no moto/` };
  if (!existsSync(PYTHON)) return { missing: `${PYTHON} is not installed` };
  try {
    execFileSync(PYTHON, ['-c', 'import boto3, werkzeug, flask, responses, jose, xmltodict'], { stdio: 'ignore' });
  } catch {
    return { missing: 'Debian’s python3-boto3, -werkzeug, -flask, -responses, -jose and -xmltodict are not all installed' };
  }
  if (!existsSync(MIRROR)) return { missing: `no moto source: set BULWARK_MOTO_DIR or fetch getmoto/moto into ${MIRROR}` };
  const head = execFileSync('git', ['--git-dir', MIRROR, 'rev-parse', 'HEAD'], { encoding: 'utf8' }).trim();
  const dir = path.join(tmpdir(), `bulwark-moto-${head.slice(0, 12)}`);
  if (!existsSync(path.join(dir, 'moto', 'iam', 'aws_managed_policies.py'))) {
    mkdirSync(dir, { recursive: true });
    const archive = execFileSync('git', ['--git-dir', MIRROR, 'archive', 'HEAD', 'moto', ':(exclude)moto/iam/aws_managed_policies.py'], {
      maxBuffer: 1 << 30,
    });
    execFileSync('tar', ['-x', '-C', dir], { input: archive });
    writeFileSync(
      path.join(dir, 'moto', 'iam', 'aws_managed_policies.py'),
      '# Stand-in for the data file absent from the snapshot: no AWS-managed policies.\naws_managed_policies_data = "{}"\n',
    );
  }
  return { dir };
}

export interface Moto {
  /** http://<address>:<port> — every AWS service at one URL. */
  url: string;
  /** Forgets every resource (POST /moto-api/reset). */
  reset(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts moto's server on the address (a loopback address of the test's own). */
export async function startMoto(address: string): Promise<Moto> {
  const source = motoSource();
  if ('missing' in source) throw new Error(`moto cannot run here: ${source.missing}`);
  const port = await freePort(address);
  const child: ChildProcess = spawn(PYTHON, ['-m', 'moto.server', '-H', address, '-p', String(port)], {
    env: { ...process.env, PYTHONPATH: source.dir, PYTHONDONTWRITEBYTECODE: '1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (d: Buffer) => {
    stderr = (stderr + d.toString()).slice(-4000);
  });
  const url = `http://${address}:${port}`;
  // moto imports every service before it listens: up to a minute on a busy machine.
  for (let i = 0; ; i++) {
    const up = await fetch(`${url}/moto-api/`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i >= 300 || child.exitCode !== null) {
      child.kill('SIGKILL');
      throw new Error(`moto did not start on ${address}:${port}: ${stderr}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    reset: async () => {
      await fetch(`${url}/moto-api/reset`, { method: 'POST' });
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
