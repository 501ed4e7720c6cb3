// Installers for the desktop console. Run where Electron's download host is reachable:
//   npm run package          (current OS)     npm run package:linux | package:win | package:mac
// electron-builder reads this file itself (it takes TypeScript); it imports nothing at run time, so
// it also packs from a folder holding only this file (the fuses test does).
import type { Configuration } from 'electron-builder';

/**
 * Where installed consoles look for updates: the company's own release server, over https. Baked
 * into each build as resources/app-update.yml (the `publish` setting below); a build for another
 * server sets CONSOLE_UPDATE_FEED_URL. See docs/operations.md for publishing a release there.
 */
export const DEFAULT_UPDATE_FEED_URL = 'https://downloads.example.co.uk/careers-console/';

function updateFeedUrl(): string {
  const value = process.env.CONSOLE_UPDATE_FEED_URL?.trim() || DEFAULT_UPDATE_FEED_URL;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`CONSOLE_UPDATE_FEED_URL is not an address: ${value}`);
  }
  // The console refuses any other feed at run time; a build that would carry one stops here instead.
  if (url.protocol !== 'https:' || url.username || url.password) {
    throw new Error(
      `CONSOLE_UPDATE_FEED_URL must be an https:// address without a user name or password: ${value}`,
    );
  }
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

const config: Configuration = {
  appId: 'uk.co.example.careers-console',
  productName: 'Careers Console',
  copyright: 'Copyright © QuoteSearch Example Ltd',
  directories: { output: 'release', buildResources: 'build' },
  // Only the built app goes in: the server's and renderer's packages are not needed at run time
  // (the renderer is bundled; the main process bundles zod, electron-updater and yaml). keytar is
  // the one native module.
  files: [
    'out/**/*',
    'package.json',
    '!node_modules/**/*',
    'node_modules/keytar/package.json',
    'node_modules/keytar/lib/**/*',
    'node_modules/keytar/build/Release/keytar.node',
  ],
  asarUnpack: ['node_modules/keytar/**/*.node'],
  // Electron's fuses, flipped in the packaged binary: it cannot be turned back into a plain Node
  // (ELECTRON_RUN_AS_NODE), nor take code through NODE_OPTIONS or a debugger through --inspect or
  // SIGUSR1; cookies are encrypted with the OS keys; the app loads only from app.asar, never from a
  // loose app/ folder, and pages on file:// get no extra rights (the console uses app://). Electron
  // checks app.asar against the hash electron-builder embeds on macOS and Windows; Linux has no
  // such check, so there that fuse does nothing.
  electronFuses: {
    runAsNode: false,
    enableNodeOptionsEnvironmentVariable: false,
    enableNodeCliInspectArguments: false,
    enableCookieEncryption: true,
    onlyLoadAppFromAsar: true,
    enableEmbeddedAsarIntegrityValidation: true,
    grantFileProtocolExtraPrivileges: false,
  },
  // Rebuilds keytar against Electron's headers (its ABI) for each target.
  npmRebuild: true,
  nodeGypRebuild: false,
  extraMetadata: {
    main: 'out/main/index.js',
    // Installers name a vendor (the deb's maintainer, the Windows publisher); the repository's
    // package.json is private and names none.
    author: { name: 'QuoteSearch Example Ltd', email: 'it@example.co.uk' },
  },
  // The update feed. Builds never upload (`--publish never`): they write the feed files
  // (latest.yml, latest-linux.yml, latest-mac.yml) beside the installers, and the release engineers
  // upload both (docs/operations.md).
  publish: { provider: 'generic', url: updateFeedUrl() },
  linux: {
    target: ['AppImage', 'deb'],
    category: 'Office',
    icon: 'build/icon.png',
    maintainer: 'QuoteSearch Example Ltd <it@example.co.uk>',
    synopsis: 'HR console for the careers site',
  },
  deb: { depends: ['libsecret-1-0'] },
  win: {
    target: ['nsis'],
    icon: 'build/icon.png',
    // With a signing certificate, electron-updater installs an update only if it is signed by the
    // same publisher (electron-builder writes the publisher's name into app-update.yml).
    verifyUpdateCodeSignature: true,
  },
  nsis: {
    artifactName: '${productName}-Setup-${version}.${ext}',
    oneClick: false,
    perMachine: false,
    allowToChangeInstallationDirectory: true,
  },
  mac: {
    // The zip is what a macOS console downloads to update itself; the DMG is for first installs.
    target: ['dmg', 'zip'],
    // The zip's name (the DMG has its own below).
    artifactName: '${productName}-${version}-${arch}-mac.${ext}',
    category: 'public.app-category.business',
    icon: 'build/icon.png',
    hardenedRuntime: true,
    gatekeeperAssess: false,
    entitlements: 'build/entitlements.mac.plist',
    entitlementsInherit: 'build/entitlements.mac.plist',
    // Notarised when APPLE_ID, APPLE_APP_SPECIFIC_PASSWORD and APPLE_TEAM_ID (or an App Store
    // Connect API key) are in the environment; without them the app is signed only, or unsigned.
    notarize: true,
  },
  dmg: { artifactName: '${productName}-${version}-${arch}.${ext}' },
};

export default config;
