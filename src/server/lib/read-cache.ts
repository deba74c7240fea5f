// In-process cache of serialized read responses for content only admins write (courses, lessons, tutorials,
// blogs), and of the server-rendered pages made from them. Entries are finished strings, so a hit costs no query,
// no serialization and no render; `clear()` runs after every content write, in every process that shares the
// database (plugins/content-cache.ts). See docs/decisions/0004-read-cache.md, 0032 and 0043.
//
// A cached answer is sent as it is, so it must already be what the route's response schema makes of the value:
// the string is made once, on a miss, by the serializer Fastify compiled from that schema (unknown keys dropped, a
// value that does not fit refused), and nothing else can put a string into a read cache.
import type { FastifyReply } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';

declare const throughSchema: unique symbol;

/** Makes the JSON a route answers from a value, through its response schema. Only `answerSerializer` and
 *  `schemaSerializer` make one, so a cache cannot be handed `JSON.stringify`. */
export type SchemaSerializer = ((value: unknown) => string) & { readonly [throughSchema]: true };

/** The serializer Fastify compiled from this route's 200 response schema: a cached answer is byte for byte the
 *  answer the route would give by returning the value. */
export function answerSerializer(reply: FastifyReply): SchemaSerializer {
  const serialize = reply.getSerializationFunction('200');
  if (!serialize) {
    const { method, url } = reply.request.routeOptions;
    throw new Error(`${String(method)} ${url} caches its answer but has no 200 response schema`);
  }
  return serialize as SchemaSerializer;
}

/** The same serializer for a schema outside a route (tests). */
export function schemaSerializer(schema: z.ZodType): SchemaSerializer {
  return serializerCompiler({ schema, method: 'GET', url: '', httpStatus: '200' }) as SchemaSerializer;
}

/** The JSON of a load's answer: `null` only where the load may answer `null` (not found). */
export type JsonOf<T> = null extends T ? string | null : string;

/** `load`, its answer serialized through the schema; `null` (not found) stays `null`. The one way a read cache
 *  turns a loaded value into the string it keeps. */
export function serializedLoad(
  serialize: SchemaSerializer,
  load: () => Promise<unknown>,
): () => Promise<string | null> {
  return () => load().then((value) => (value === null ? null : serialize(value)));
}

/** Values computed once per key until cleared. Misses (`null`) and failures are not kept, so keys chosen by a
 *  client cannot fill it with junk; bounded. */
export class MemoCache<T> {
  private readonly entries = new Map<string, Promise<T | null>>();

  /** While off, every read loads afresh and nothing is kept (the process may be missing invalidations). */
  private enabled = true;

  constructor(private readonly maxEntries = 5_000) {}

  get(key: string, load: () => Promise<T | null>): Promise<T | null> {
    if (!this.enabled) return load();
    let hit = this.entries.get(key);
    if (!hit) {
      if (this.entries.size >= this.maxEntries) this.entries.clear();
      // Stored before it resolves: a clear() while it loads drops it, so a value read before a change is never kept.
      const pending = load();
      const forget = () => {
        if (this.entries.get(key) === pending) this.entries.delete(key);
      };
      pending.then((value) => value === null && forget(), forget);
      this.entries.set(key, pending);
      hit = pending;
    }
    return hit;
  }

  /** How many keys are held (tests check the bound). */
  get size(): number {
    return this.entries.size;
  }

  clear(): void {
    this.entries.clear();
  }

  /** Off: clears and stops keeping entries until turned on again (which clears once more). */
  setEnabled(enabled: boolean): void {
    this.enabled = enabled;
    this.entries.clear();
  }
}

/** The cached JSON for a key: `load` resolves to the value to serialize, or `null` for a miss. */
export class ReadCache {
  private readonly memo: MemoCache<string>;

  constructor(maxEntries = 5_000) {
    this.memo = new MemoCache<string>(maxEntries);
  }

  /** The JSON of `load`'s answer made by `serialize` (the route's `answerSerializer(reply)`), loaded when not kept. */
  get<T>(key: string, serialize: SchemaSerializer, load: () => Promise<T>): Promise<JsonOf<T>> {
    return this.memo.get(key, serializedLoad(serialize, load)) as Promise<JsonOf<T>>;
  }

  get size(): number {
    return this.memo.size;
  }

  clear(): void {
    this.memo.clear();
  }

  setEnabled(enabled: boolean): void {
    this.memo.setEnabled(enabled);
  }
}
