import { Button, Dialog, ProgressBar } from '@blueprintjs/core';
import { useEffect, useState } from 'react';
import { importPercent, type ImportProgress } from '../files/importProgress';
import { useApp } from '../store/context';
import type { InventoryImport } from '../store/uiSlice';
import { ImportPreview } from './ImportPreview';

function stageText(progress: ImportProgress): string {
  if (progress.stage === 'opening') return 'Loading the file…';
  if (progress.stage === 'loading') return 'Starting the importer…';
  return progress.fraction < 1
    ? 'Reading the sheets and checking every row…'
    : 'Building the preview…';
}

/**
 * The inventory import as a modal dialog: the file being read (with a
 * Cancel that ends the read), then its preview. Nothing changes the
 * project until Import.
 */
export function ImportPreviewDialog() {
  const current = useApp((s) => s.inventoryImport);
  const close = useApp((s) => s.setInventoryImport);
  return (
    <Dialog
      isOpen={current !== null}
      className="import-preview"
      aria-labelledby="import-preview-title"
      canOutsideClickClose={false}
      onClose={() => {
        if (current?.phase === 'reading') current.cancel();
        else close(null);
      }}
    >
      <div className="import-dialog-content" data-testid="import-preview">
        {current?.phase === 'reading' && <Reading reading={current} />}
        {current?.phase === 'preview' && (
          <ImportPreview
            key={current.fileName}
            fileName={current.fileName}
            preview={current.preview}
            onClose={() => close(null)}
          />
        )}
      </div>
    </Dialog>
  );
}

function Reading({ reading }: { reading: Extract<InventoryImport, { phase: 'reading' }> }) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 500);
    return () => clearInterval(timer);
  }, []);
  const percent = importPercent(reading.progress);
  return (
    <div className="import-reading">
      <h2 id="import-preview-title">Reading {reading.fileName}</h2>
      <div className="import-progress">
        <ProgressBar
          aria-label={`Reading ${reading.fileName}`}
          intent="primary"
          value={percent / 100}
        />
        <span data-testid="import-percent">{percent} %</span>
      </div>
      <p role="status" data-testid="import-stage">
        {stageText(reading.progress)} {seconds > 0 && <span className="muted">({seconds} s)</span>}
      </p>
      <div className="panel-actions">
        <Button autoFocus icon="cross" text="Cancel" onClick={reading.cancel} />
      </div>
    </div>
  );
}
