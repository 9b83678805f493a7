/// <reference lib="webworker" />
// A Worker of its own for each design search, so the search can be
// cancelled by ending the Worker while the main core stays available.
import init, { recommendDesigns } from './pkg/stacksizer_core.js';
import type { SearchRequest, SearchMessage } from './search';
import type { Progress } from './types';

const ready = init();

self.onmessage = async (event: MessageEvent<SearchRequest>) => {
  await ready;
  const post = (message: SearchMessage) => self.postMessage(message);
  try {
    const outcome = recommendDesigns(
      event.data.projectJson,
      event.data.options,
      (progress: Progress) => post({ type: 'progress', progress }),
      event.data.userCatalogJson,
    );
    post({ type: 'result', outcome });
  } catch (error) {
    post({ type: 'error', message: error instanceof Error ? error.message : String(error) });
  }
};
