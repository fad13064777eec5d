// The Dead Simple Signing Envelope, signed and checked with Ed25519 through node:crypto: no
// cryptography of our own. A signature covers PAE(payloadType, payload), so that the type
// is signed with the body and a signature made for one type cannot pass for another.

import { createHash, createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto';
import { InputError } from '../model/errors.ts';
import { display } from '../model/files.ts';
import { readInput } from '../model/read-input.ts';
import type { Envelope } from '../model/statement.ts';

/** DSSE's pre-authentication encoding: "DSSEv1" SP LEN(type) SP type SP LEN(body) SP body. */
export function pae(payloadType: string, body: Buffer): Buffer {
  const type = Buffer.from(payloadType, 'utf8');
  return Buffer.concat([Buffer.from(`DSSEv1 ${type.length} `), type, Buffer.from(` ${body.length} `), body]);
}

/** A key's id as the DSSE envelope hints it: the SHA-256 of its public key (SPKI, DER). */
export function keyId(key: KeyObject): string {
  const pub = key.type === 'private' ? createPublicKey(key) : key;
  return createHash('sha256').update(pub.export({ type: 'spki', format: 'der' })).digest('hex');
}

/** The Ed25519 key a PEM file holds; a file that cannot be read, or holds another kind of
 *  key, is the user's to fix (exit 2). */
export function keyFile(file: string, kind: 'private' | 'public'): KeyObject {
  const wrong = (why: string) => InputError.at(display(file), '', why);
  // A key is small: a megabyte is far more than any PEM key, and far less than /dev/zero.
  const pem = readInput(file, { what: `${kind} key`, most: 1 << 20 });
  let key: KeyObject;
  try {
    key = kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
  } catch (err) {
    throw wrong(`expected a PEM ${kind} key (${(err as Error).message.split('\n')[0]})`);
  }
  if (key.asymmetricKeyType !== 'ed25519') throw wrong(`expected an Ed25519 key, found ${key.asymmetricKeyType ?? 'a key of no known type'}`);
  return key;
}

export function signEnvelope(payloadType: string, body: Buffer, key: KeyObject): Envelope {
  const sig = sign(null, pae(payloadType, body), key);
  return { payloadType, payload: body.toString('base64'), signatures: [{ keyid: keyId(key), sig: sig.toString('base64') }] };
}

/** The envelope's body: Node's base64 reads the standard and the URL-safe alphabet alike. */
export function envelopeBody(envelope: Envelope): Buffer {
  return Buffer.from(envelope.payload, 'base64');
}

/** Whether any of the envelope's signatures verifies with `key`. */
export function signedBy(envelope: Envelope, key: KeyObject): boolean {
  const message = pae(envelope.payloadType, envelopeBody(envelope));
  return envelope.signatures.some((s) => {
    try {
      return verify(null, message, key, Buffer.from(s.sig, 'base64'));
    } catch {
      return false;
    }
  });
}
