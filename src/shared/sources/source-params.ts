/**
 * The address parameters of a visit's source (docs/behaviour.md#sources), apart from the contract
 * so the web entry can read them without loading zod: the tracking link's marker, and the outside
 * site's host carried on by a link followed before the app runs (src/web/main.tsx).
 */
export const SOURCE_PARAM = 'src';
export const REFERRER_PARAM = 'ref';
