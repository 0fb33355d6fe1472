import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  browserProjectRequested,
  findChromium,
  resolveChromium,
} from '../packages/client/test/browser/setup/chromium.ts';

/**
 * Where the browser tests find Chromium: a named one, a system one, Playwright's, the npm
 * package's; and a loud skip (a failure under CI) when there is none. The machine is described to
 * the lookup rather than changed: which paths exist, what Playwright and the package offer.
 */

const machine = (paths: string[], offers: { playwright?: string; packaged?: string } = {}) => ({
  platform: 'linux',
  argv: ['node', 'vitest', 'run'],
  exists: (path: string) => paths.includes(path),
  playwrightChromium: async () => offers.playwright,
  packagedChromium: async () => offers.packaged,
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the Chromium lookup', () => {
  it('takes CHROMIUM_PATH first, and names it when it points nowhere', async () => {
    const found = await findChromium({
      ...machine(['/opt/chrome', '/usr/bin/chromium']),
      env: { CHROMIUM_PATH: '/opt/chrome' },
    });
    expect(found).toEqual({ path: '/opt/chrome', source: 'CHROMIUM_PATH' });
    await expect(
      findChromium({ ...machine([]), env: { CHROME_PATH: '/nowhere/chrome' } }),
    ).rejects.toThrow('CHROME_PATH names /nowhere/chrome, which does not exist.');
  });

  it('prefers a system Chromium, then Playwright’s, then the npm package’s', async () => {
    const offers = { playwright: '/pw/chrome', packaged: '/cache/chromium' };
    expect(
      await findChromium({ ...machine(['/usr/bin/chromium', '/pw/chrome'], offers), env: {} }),
    ).toMatchObject({ path: '/usr/bin/chromium', source: 'system' });
    expect(await findChromium({ ...machine(['/pw/chrome'], offers), env: {} })).toMatchObject({
      path: '/pw/chrome',
      source: 'Playwright',
    });
    expect(await findChromium({ ...machine([], offers), env: {} })).toMatchObject({
      path: '/cache/chromium',
      source: '@sparticuz/chromium',
    });
  });

  it('PARTNER_ASSISTANT_CHROMIUM=packaged passes over the system and Playwright ones', async () => {
    const found = await findChromium({
      ...machine(['/usr/bin/chromium', '/pw/chrome'], { playwright: '/pw/chrome', packaged: '/c' }),
      env: { PARTNER_ASSISTANT_CHROMIUM: 'packaged' },
    });
    expect(found).toEqual({ path: '/c', source: '@sparticuz/chromium' });
  });

  it('with no Chromium at all, leaves the browser tests out with one line saying how to get them', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await resolveChromium({ ...machine([]), env: {} })).toBeUndefined();
    expect(warn).toHaveBeenCalledOnce();
    expect(String(warn.mock.calls[0]?.[0])).toMatch(
      /Browser tests cannot run: no Chromium found .* set CHROMIUM_PATH/,
    );
  });

  it('under CI fails rather than skip', async () => {
    await expect(resolveChromium({ ...machine([]), env: { CI: 'true' } })).rejects.toThrow(
      /Browser tests cannot run: .* CI fails rather than skip them/,
    );
  });

  it('PARTNER_ASSISTANT_SKIP_BROWSER=1 leaves them out without looking or warning', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const packaged = vi.fn(async () => '/c');
    const options = { ...machine([]), packagedChromium: packaged };
    const env = { PARTNER_ASSISTANT_SKIP_BROWSER: '1', CI: 'true' };
    expect(await resolveChromium({ ...options, env })).toBeUndefined();
    expect(packaged).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  it('looks for nothing when the command line picks other projects', async () => {
    const packaged = vi.fn(async () => '/c');
    const argv = ['node', 'vitest', 'run', '--project', 'unit'];
    const env = { CI: 'true' };
    expect(await resolveChromium({ ...machine([]), packagedChromium: packaged, argv, env })).toBe(
      undefined,
    );
    expect(packaged).not.toHaveBeenCalled();
    expect(browserProjectRequested(['vitest', '--project=browser'])).toBe(true);
    expect(browserProjectRequested(['vitest', '--project', '!browser'])).toBe(false);
    expect(browserProjectRequested(['vitest', 'run', 'packages/client'])).toBe(true);
  });
});
