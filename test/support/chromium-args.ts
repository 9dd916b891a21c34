/**
 * The flags every Chromium of the tests starts with — Debian's, through Playwright, in the browser
 * lane (vitest.config.ts) and the end-to-end lane (chromium.ts).
 */

/**
 * What Playwright (1.65) disables itself. A `--disable-features` of ours replaces Playwright's
 * (Chromium reads the last one), so its list is repeated here; test/e2e/rig.test.ts checks it
 * is still all of what Playwright passes.
 */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades', 'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay', 'MediaRouter', 'PaintHolding', 'ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect',
  'TcpPortRandomizationWin', 'OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch',
  'msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion',
];

/**
 * New headless Chromium is the whole browser: each window preloads the address bar's two WebUI
 * popups, renderers of their own that nothing here ever shows. They were a third of an end-to-end
 * file's CPU (console.test.ts alone: 70 → 47 CPU-seconds, 39 → 30 s, measured on 2 cores).
 */
const OMNIBOX_POPUPS = ['WebUIOmniboxPopup', 'WebUIOmniboxAimPopup'];
/** The renderer process Chromium starts ahead for the next page, mostly for nothing here (−0.17 CPU-s a page). */
const SPARE_RENDERER = ['SpareRendererForSitePerProcess'];

export const CHROMIUM_ARGS = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking',
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...OMNIBOX_POPUPS, ...SPARE_RENDERER].join(',')}`,
];
