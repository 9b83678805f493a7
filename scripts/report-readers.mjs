// The independent readers the report tests open exported workbooks with:
// Python's openpyxl and LibreOffice (which recalculates every formula).
import { capture, hasCommand, run, step } from './lib.mjs';

const OPENPYXL = 'openpyxl==3.1.5';

function ensureOpenpyxl() {
  if (capture('python3', ['-c', 'import openpyxl']) !== null) return true;
  step(`pip install ${OPENPYXL}`);
  return run('python3', ['-m', 'pip', 'install', '--quiet', OPENPYXL]) === 0;
}

function ensureLibreOffice() {
  if (hasCommand('soffice')) return true;
  if (process.getuid?.() !== 0) {
    console.error(
      'LibreOffice is missing. Install it with: sudo apt-get install -y libreoffice-calc',
    );
    return false;
  }
  step('apt-get install libreoffice-calc (once, about 30 s)');
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  if (run('apt-get', ['update'], { env }) !== 0) return false;
  return (
    run('apt-get', ['install', '-y', '--no-install-recommends', 'libreoffice-calc'], { env }) === 0
  );
}

/** True when both readers are there; the report tests fail, naming what is missing, otherwise. */
export function ensureReportReaders() {
  if (!hasCommand('python3')) {
    console.error(
      'Python 3 is missing. Install it with: sudo apt-get install -y python3 python3-pip',
    );
    return false;
  }
  const openpyxl = ensureOpenpyxl();
  const libreOffice = ensureLibreOffice();
  return openpyxl && libreOffice;
}
