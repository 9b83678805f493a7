import { browserPlatform } from './browser';
import { electronPlatform, type Platform } from './platform';

export type {
  CsvTable,
  MenuCommand,
  Platform,
  ProjectFile,
  RecentFile,
  SaveResult,
} from './platform';

export function detectPlatform(): Platform {
  return window.stacksizer ? electronPlatform(window.stacksizer) : browserPlatform();
}
