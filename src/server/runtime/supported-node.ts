/**
 * The Node.js lines the server runs on (docs/operations.md#nodejs): an LTS line with security
 * fixes. Kept beside `engines` in package.json, which says the same to npm.
 */
export const SUPPORTED_NODE_MAJORS = [24, 26] as const;
const OLDEST = SUPPORTED_NODE_MAJORS[0];

/**
 * Stops at once, with one line naming the version needed, when this Node.js is older than the
 * oldest supported line: the server must not run without security fixes, and an old Node would
 * otherwise fail later with a stack trace from an API it lacks. `npm start` and `npm test` run on
 * the Node the project installs (the `node` package), so only a direct `node dist/server/main.js`
 * on an old system Node meets this.
 */
export function refuseUnsupportedNode(version: string = process.versions.node): void {
  const major = Number(version.split('.')[0]);
  if (major >= OLDEST) return;
  console.error(
    `The careers server needs Node.js ${OLDEST} or newer (this is ${version}): start it with npm start, which uses the Node.js the project installs.`,
  );
  process.exit(1);
}
