/**
 * A stand-in for a browser push service in tests: an HTTPS server on 127.0.0.1 with a
 * self-signed certificate made by openssl for this run, and the receiving side of a browser
 * subscription (a P-256 key pair and an auth secret) that decrypts what the server sent with
 * RFC 8291 (aes128gcm), written here independently of web-push.
 */
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface ReceivedPush {
  /** The endpoint's last path segment. */
  name: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** How the push service answers a request for one endpoint name; the default is 201. */
export type Answer = (name: string, attempt: number) => { status: number; headers?: Record<string, string> };

export function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function startPushService(answer: Answer) {
  const { key, cert } = selfSignedCertificate();
  const received: ReceivedPush[] = [];
  const attempts = new Map<string, number>();
  let inFlight = 0;
  let maxInFlight = 0;
  let gate: Promise<void> = Promise.resolve();
  let openGate: () => void = () => {};
  const server = https.createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    inFlight += 1;
    maxInFlight = Math.max(maxInFlight, inFlight);
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const name = (req.url ?? '').split('/').pop() ?? '';
      const attempt = (attempts.get(name) ?? 0) + 1;
      attempts.set(name, attempt);
      received.push({ name, headers: req.headers, body: Buffer.concat(chunks) });
      await gate;
      // A little latency, so that concurrent requests overlap and the bound is visible.
      await new Promise((r) => setTimeout(r, 15));
      const { status, headers = {} } = answer(name, attempt);
      inFlight -= 1;
      res.writeHead(status, headers).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    host: `127.0.0.1:${port}`,
    endpoint: (name: string) => `https://127.0.0.1:${port}/push/${name}`,
    /** The certificate, for a server process to trust (NODE_EXTRA_CA_CERTS). */
    cert,
    /** Trusts exactly this server's certificate; nothing global is switched off. */
    agent: new https.Agent({ ca: cert, keepAlive: false }),
    received,
    attempts: (name: string) => attempts.get(name) ?? 0,
    maxInFlight: () => maxInFlight,
    /** Hold every answer until `release()`. */
    hold() {
      gate = new Promise<void>((resolve) => {
        openGate = resolve;
      });
    },
    release: () => openGate(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const b64u = (b: Buffer) => b.toString('base64url');

/** A browser's side of a subscription: its ECDH P-256 key pair and auth secret. */
export function newReceiver() {
  const ecdh = crypto.createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = crypto.randomBytes(16);
  const publicKey = ecdh.getPublicKey();
  return {
    p256dh: b64u(publicKey),
    auth: b64u(auth),
    /** RFC 8291 + RFC 8188: one aes128gcm record, decrypted with this receiver's keys. */
    decrypt(body: Buffer): string {
      const salt = body.subarray(0, 16);
      const rs = body.readUInt32BE(16);
      const idlen = body[20] ?? 0;
      const senderPublic = body.subarray(21, 21 + idlen);
      const record = body.subarray(21 + idlen);
      if (idlen !== 65 || record.length > rs) throw new Error('unexpected aes128gcm header');
      const ecdhSecret = ecdh.computeSecret(senderPublic);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderPublic]);
      const ikm = Buffer.from(crypto.hkdfSync('sha256', ecdhSecret, auth, keyInfo, 32));
      const cek = Buffer.from(
        crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16),
      );
      const nonce = Buffer.from(
        crypto.hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12),
      );
      const decipher = crypto.createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(record.subarray(record.length - 16));
      const padded = Buffer.concat([
        decipher.update(record.subarray(0, record.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02, then zero padding.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('missing last-record delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/** Checks the VAPID Authorization header (RFC 8292): an ES256 JWT for the push service's origin. */
export function verifyVapid(
  authorization: string,
  publicKey: string,
  origin: string,
): Record<string, unknown> {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization);
  if (!match?.[1] || match[2] !== publicKey) throw new Error(`bad VAPID header ${authorization}`);
  const [header, payload, signature] = match[1].split('.') as [string, string, string];
  const raw = Buffer.from(publicKey, 'base64url');
  const key = crypto.createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) },
    format: 'jwk',
  });
  const ok = crypto.verify(
    'sha256',
    Buffer.from(`${header}.${payload}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(signature, 'base64url'),
  );
  if (!ok) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  if (claims.aud !== origin) throw new Error(`VAPID audience ${String(claims.aud)} is not ${origin}`);
  return claims;
}
