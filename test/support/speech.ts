/**
 * Real voices for Debian's Chromium: a speech-dispatcher daemon of the test's own, with espeak-ng,
 * reached by Chromium run with --enable-speech-dispatcher and SPEECHD_ADDRESS.
 *
 * Why a daemon of its own: on a machine with no sound card the daemon Chromium would spawn opens no
 * audio, never finishes an utterance, and then lists no voices to later browsers until it is
 * killed. This one plays into ALSA's null device (an .asoundrc in a HOME of its own), so every
 * utterance ends, and goes away with the test. CI installs speech-dispatcher and
 * speech-dispatcher-espeak-ng (.ci/run); elsewhere, without them, the tests that need voices skip.
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright';
import { launchChromium } from './chromium.ts';

const MODULE = '/usr/lib/speech-dispatcher-modules/sd_espeak-ng';
const DAEMON = '/usr/bin/speech-dispatcher';

/** Voices can be had: speech-dispatcher and its espeak-ng module are installed, or this is CI (which installs them: a missing one fails there). */
export const voicesExpected = (): boolean => (existsSync(DAEMON) && existsSync(MODULE)) || !!process.env.CI;

/** Chromium (with `args`) that has voices: a daemon of its own, which `close` stops with the browser. */
export async function launchChromiumWithVoices(
  args: string[] = [],
): Promise<{ browser: Browser; close(): Promise<void> }> {
  const daemon = await startSpeechDaemon();
  try {
    const browser = await launchChromium([...args, '--enable-speech-dispatcher'], daemon.env);
    return {
      browser,
      async close() {
        await browser.close();
        await daemon.close();
      },
    };
  } catch (error) {
    await daemon.close();
    throw error;
  }
}

interface SpeechDaemon {
  /** Chromium's environment: where libspeechd finds this daemon. */
  env: NodeJS.ProcessEnv;
  close(): Promise<void>;
}

async function startSpeechDaemon(): Promise<SpeechDaemon> {
  const dir = await mkdtemp(join(tmpdir(), 'chat-bot-speech-'));
  const conf = join(dir, 'conf');
  await mkdir(join(conf, 'modules'), { recursive: true });
  await writeFile(
    join(conf, 'speechd.conf'),
    [
      'AudioOutputMethod "alsa"',
      'AddModule "espeak-ng" "sd_espeak-ng" "espeak-ng.conf"',
      'DefaultModule espeak-ng',
      '',
    ].join('\n'),
  );
  await writeFile(join(conf, 'modules', 'espeak-ng.conf'), '');
  await writeFile(join(dir, '.asoundrc'), 'pcm.!default { type null }\n');
  const socket = join(dir, 'speechd.sock');
  const daemon = spawn(
    DAEMON,
    [
      '--run-single',
      '--config-dir',
      conf,
      '--socket-path',
      socket,
      '--timeout',
      '600',
      '--pid-file',
      join(dir, 'pid'),
      '--log-dir',
      dir,
      '--log-level',
      '1',
    ],
    {
      env: { ...process.env, HOME: dir, XDG_RUNTIME_DIR: dir, XDG_CONFIG_HOME: dir, XDG_CACHE_HOME: dir },
      stdio: 'ignore',
    },
  );
  // It ends itself 10 minutes after its last client left, should the test die before closing it.
  const exited = once(daemon, 'exit');
  // Ready once it listens on its socket (it says so only in its log).
  for (let waited = 0; !existsSync(socket); waited += 50) {
    if (daemon.exitCode !== null || waited > 15_000) {
      daemon.kill('SIGKILL');
      throw new Error(`speech-dispatcher did not start (exit ${String(daemon.exitCode)}); its log is in ${dir}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    env: { ...process.env, SPEECHD_ADDRESS: `unix_socket:${socket}` },
    async close() {
      if (daemon.exitCode === null) daemon.kill();
      await exited;
      await rm(dir, { recursive: true, force: true });
    },
  };
}
