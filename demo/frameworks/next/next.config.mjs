import { fileURLToPath } from 'node:url';

// `chat-bot-element` is a symlink to the repository root (file:../../..), outside this app's folder.
// Turbopack only reads files under its root, and output tracing must see the same files:
// both point at the repository root, computed from this file (no machine path is written here).
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));

/** @type {import('next').NextConfig} */
const nextConfig = {
  turbopack: { root: repoRoot },
  outputFileTracingRoot: repoRoot,
};

export default nextConfig;
