// The site's Ed25519 key pair, which signs every certificate's credential (an Open Badges 3.0 credential as a
// VC-JWT, `EdDSA`), and the public half published at /.well-known/jwks.json. The pair comes from the environment
// (CERTIFICATE_SIGNING_KEY, a private JWK) or else is made once and kept in the database (`app_secrets`): the first
// process to need it inserts one, a process racing it keeps the one that won, so every process signs with the same
// key and publishes the same JWKS.
import { eq } from 'drizzle-orm';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK, SignJWT } from 'jose';
import type { Db } from '../../db/client';
import { appSecrets } from '../../db/schema';

export const SIGNING_KEY_SECRET = 'certificate-signing-key';

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  /** The public half as published: `kty`, `crv`, `x`, `kid`, `alg`, `use`. */
  publicJwk: JWK;
}

/** The private JWK is an Ed25519 key pair (OKP, crv Ed25519, with `d` and `x`); anything else is refused. */
export function signingKeyProblem(jwk: unknown): string | null {
  if (!jwk || typeof jwk !== 'object') return 'expected a JSON Web Key object';
  const key = jwk as Record<string, unknown>;
  if (key.kty !== 'OKP' || key.crv !== 'Ed25519') return 'expected an Ed25519 key (kty OKP, crv Ed25519)';
  if (typeof key.d !== 'string' || typeof key.x !== 'string')
    return 'expected the private key (d) and its public half (x)';
  return null;
}

async function newPrivateJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('Ed25519', { extractable: true });
  return exportJWK(privateKey);
}

async function toSigningKey(jwk: JWK): Promise<SigningKey> {
  const problem = signingKeyProblem(jwk);
  if (problem) throw new Error(`The certificate signing key is not usable: ${problem}`);
  const publicPart: JWK = { kty: 'OKP', crv: 'Ed25519', x: jwk.x };
  const kid = await calculateJwkThumbprint(publicPart);
  const privateKey = (await importJWK({ ...jwk, alg: 'EdDSA' }, 'EdDSA')) as CryptoKey;
  return { kid, privateKey, publicJwk: { ...publicPart, kid, alg: 'EdDSA', use: 'sig' } };
}

/** The stored key, made and stored first when there is none (insert … on conflict do nothing, then read: the one
 *  that won). */
async function storedPrivateJwk(db: Db): Promise<JWK> {
  const read = async () =>
    (await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, SIGNING_KEY_SECRET)))[0];
  let row = await read();
  if (!row) {
    await db
      .insert(appSecrets)
      .values({ name: SIGNING_KEY_SECRET, value: JSON.stringify(await newPrivateJwk()) })
      .onConflictDoNothing();
    row = await read();
  }
  if (!row) throw new Error('The certificate signing key could not be stored');
  return JSON.parse(row.value) as JWK;
}

const keys = new WeakMap<object, Promise<SigningKey>>();

/** The site's signing key: from `fromEnvironment` when given, else the one in the database. One load per database. */
export function signingKey(db: Db, fromEnvironment?: JWK): Promise<SigningKey> {
  let key = keys.get(db);
  if (!key) {
    key = fromEnvironment ? toSigningKey(fromEnvironment) : storedPrivateJwk(db).then(toSigningKey);
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}

/** GET /.well-known/jwks.json */
export const jwksOf = (key: SigningKey) => ({ keys: [key.publicJwk] });

/** What the credential says. */
export interface CredentialFacts {
  code: string;
  name: string;
  courseTitle: string;
  /** The course's page, absolute; null once the course was deleted. */
  courseUrl: string | null;
  issuedAt: string;
  url: string;
  issuer: { name: string; url: string };
  lessons: number;
  hoursWatched: number;
  exercisesPassed: number;
  quizzesPassed: number;
}

/** The Open Badges 3.0 credential (Verifiable Credentials Data Model 2.0). */
export function openBadgeCredential(facts: CredentialFacts) {
  const evidence = `${facts.lessons} lessons completed, ${facts.hoursWatched.toFixed(1)} hours of video watched, ${facts.exercisesPassed} exercises and ${facts.quizzesPassed} quizzes passed`;
  return {
    '@context': ['https://www.w3.org/ns/credentials/v2', 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'],
    id: facts.url,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    issuer: { id: facts.issuer.url, type: ['Profile'], name: facts.issuer.name, url: facts.issuer.url },
    validFrom: facts.issuedAt,
    name: `${facts.courseTitle}: certificate of completion`,
    credentialSubject: {
      type: ['AchievementSubject'],
      name: facts.name,
      achievement: {
        id: facts.courseUrl ?? facts.url,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: facts.courseTitle,
        description: `Completed the course ${facts.courseTitle} on ${facts.issuer.name}.`,
        criteria: {
          id: facts.courseUrl ?? facts.url,
          narrative: 'Every lesson of the course completed and every exercise and quiz of its lessons passed.',
        },
      },
    },
    evidence: [{ id: facts.url, type: ['Evidence'], name: 'Measured progress', description: evidence }],
  };
}

/** The credential as a VC-JWT: the credential in the `vc` claim (Open Badges 3.0's JWT form), signed EdDSA, `kid` in
 *  the header. */
export async function signCredential(key: SigningKey, facts: CredentialFacts): Promise<string> {
  const issuedAt = Math.floor(new Date(facts.issuedAt).getTime() / 1000);
  return new SignJWT({ vc: openBadgeCredential(facts) })
    .setProtectedHeader({ alg: 'EdDSA', kid: key.kid, typ: 'vc+jwt' })
    .setIssuer(facts.issuer.url)
    .setJti(facts.url)
    .setSubject(facts.url)
    .setIssuedAt(issuedAt)
    .setNotBefore(issuedAt)
    .sign(key.privateKey);
}
