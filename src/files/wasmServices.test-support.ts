// Services for Vitest: the real Wasm core answering through the same
// request handler the Worker runs, an in-memory platform, a fresh store.
import { readFileSync } from 'node:fs';
import { vi } from 'vitest';
import type { CoreClient } from '../core/client';
import { handleRequest } from '../core/handle-request';
import * as core from '../core/pkg/stacksizer_core.js';
import * as exchange from '../core/pkg/stacksizer_exchange.js';
import type { CoreMethod, CoreRequests } from '../core/protocol';
import type { Project } from '../core/types';
import type { Platform } from '../platform';
import type { Services } from '../services';
import { createAppStore, openDocument } from '../store';

let loaded = false;
let exchangeLoaded = false;

/** The exchange module (imports and reports), started on first use as the Worker does. */
export function wasmExchange(): typeof exchange {
  if (!exchangeLoaded) {
    exchange.initSync({
      module: readFileSync(new URL('../core/pkg/stacksizer_exchange_bg.wasm', import.meta.url)),
    });
    exchangeLoaded = true;
  }
  return exchange;
}

function wasmCore(): CoreClient {
  if (!loaded) {
    core.initSync({
      module: readFileSync(new URL('../core/pkg/stacksizer_core_bg.wasm', import.meta.url)),
    });
    loaded = true;
  }
  let id = 0;
  const call = async <M extends CoreMethod>(method: M, params: CoreRequests[M]['params']) => {
    const response = handleRequest(core, { id: ++id, method, params }, wasmExchange());
    if (!response.ok) throw new Error(response.message);
    return response.result as CoreRequests[M]['result'];
  };
  return { call } as unknown as CoreClient;
}

/** A platform keeping the user catalog in memory; exports are recorded. */
export function memoryPlatform(kept: string | null = null) {
  const state = { kept };
  const platform = {
    readUserCatalog: vi.fn(async () => state.kept),
    writeUserCatalog: vi.fn(async (text: string | null) => {
      state.kept = text;
    }),
    saveCatalog: vi.fn(async (_text: string, fileName: string) => ({
      status: 'saved' as const,
      fileName,
    })),
    saveWorkloadsCsv: vi.fn(async (_text: string, fileName: string) => ({
      status: 'saved' as const,
      fileName,
    })),
  };
  return { state, platform: platform as Partial<Platform> as Platform, mocks: platform };
}

export function wasmServices(project: Project, platform: Platform): Services {
  const store = createAppStore(project);
  openDocument(store, project, null);
  return { core: wasmCore(), platform, store };
}
