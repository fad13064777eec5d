// Where childproof runs: the contract it tests is made of POSIX signals and process
// groups, so Windows is refused with a clear message.

export function assertSupportedPlatform(platform: NodeJS.Platform = process.platform): void {
  if (platform === 'win32') {
    throw new PlatformError(
      'childproof needs POSIX signals and process groups; Windows is not supported. Run it on Linux (or another POSIX system).',
    );
  }
}

export class PlatformError extends Error {}
