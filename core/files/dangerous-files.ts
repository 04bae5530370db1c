// spec: POST /files — 400 `upload_dangerous`; links — 422 `file_unshareable` for programs and scripts. Judged by
// the name's extension and by the first bytes, since either alone is easy to get around.

const PROGRAM_EXTENSIONS = new Set([
  // Windows programs, installers and libraries
  'exe', 'dll', 'com', 'scr', 'msi', 'msp', 'msc', 'pif', 'cpl', 'sys', 'drv', 'ocx', 'lnk', 'reg', 'gadget', 'application',
  // scripts run by a double click or a shell
  'bat', 'cmd', 'ps1', 'psm1', 'psd1', 'vbs', 'vbe', 'js', 'jse', 'mjs', 'cjs', 'wsf', 'wsh', 'ws', 'hta', 'sh', 'bash',
  'zsh', 'csh', 'ksh', 'command', 'scpt', 'applescript',
  // packages and bundles of other systems
  'jar', 'class', 'app', 'apk', 'dmg', 'pkg', 'deb', 'rpm', 'run', 'elf', 'out',
]);

/** MIME types that announce a program or a script, whatever the name says. */
const PROGRAM_TYPES = new Set([
  'application/x-msdownload', 'application/x-msdos-program', 'application/x-ms-installer', 'application/x-msi',
  'application/vnd.microsoft.portable-executable', 'application/x-dosexec', 'application/x-executable',
  'application/x-elf', 'application/x-mach-binary', 'application/x-sh', 'application/x-shellscript',
  'application/x-bat', 'application/javascript', 'text/javascript', 'application/x-javascript',
  'application/java-archive', 'application/x-java-archive', 'application/vnd.android.package-archive',
  'application/x-apple-diskimage', 'application/x-powershell', 'text/vbscript',
]);

/** The extension a system would act on: trailing dots and spaces are dropped the way Windows drops them. */
export function extensionOf(filename: string): string {
  const name = filename.replace(/[. ]+$/, '');
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

export const isProgramName = (filename: string): boolean => PROGRAM_EXTENSIONS.has(extensionOf(filename));

export const isProgramType = (mimeType: string): boolean =>
  PROGRAM_TYPES.has(mimeType.split(';')[0]!.trim().toLowerCase());

const startsWith = (head: Uint8Array, bytes: number[]) => bytes.every((b, i) => head[i] === b);

/** How many first bytes `isProgramContent` needs to judge. */
export const HEAD_BYTES = 4;

/** Windows PE (`MZ`), ELF, Mach-O (both byte orders, 32/64-bit, universal) and `#!` scripts. */
export function isProgramContent(head: Uint8Array): boolean {
  return startsWith(head, [0x4d, 0x5a]) // MZ
    || startsWith(head, [0x7f, 0x45, 0x4c, 0x46]) // \x7fELF
    || startsWith(head, [0xfe, 0xed, 0xfa, 0xce]) || startsWith(head, [0xfe, 0xed, 0xfa, 0xcf])
    || startsWith(head, [0xce, 0xfa, 0xed, 0xfe]) || startsWith(head, [0xcf, 0xfa, 0xed, 0xfe])
    || startsWith(head, [0xca, 0xfe, 0xba, 0xbe]) // universal Mach-O (also Java classes: programs too)
    || startsWith(head, [0x23, 0x21]); // #!
}

/** A stored file that may not be handed out by a public link. */
export const isUnshareable = (f: { filename: string; mimeType: string }): boolean => isProgramName(f.filename) || isProgramType(f.mimeType);
