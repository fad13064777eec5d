// Generated from schemas/envelope.schema.json by bin/schema-types.ts (`make types`): do not edit.


/**
 * The Dead Simple Signing Envelope (https://github.com/secure-systems-lab/dsse/blob/master/envelope.md): a payload, the type that says how to read it, and signatures over PAE(payloadType, payload). Unrecognized fields are allowed, as the specification allows them.
 */
export interface DSSEEnvelope {
/**
 * The serialized body, in standard or URL-safe base64.
 */
payload: string
payloadType: string
/**
 * @minItems 1
 */
signatures: {
/**
 * An unauthenticated hint of which key signed.
 */
keyid?: string
sig: string
}[]
}
