import { browserPlatform } from './browser';
import { electronPlatform, type Platform } from './platform';

export type {
  CsvTable,
  MenuCommand,
  Platform,
  ProjectFile,
  RecentFile,
  RecoveryCopyFile,
  SaveResult,
} from './platform';

/** `sessionId` names this window's recovery copy. */
export function detectPlatform(sessionId: string): Platform {
  return window.stacksizer
    ? electronPlatform(window.stacksizer, sessionId)
    : browserPlatform(sessionId);
}
