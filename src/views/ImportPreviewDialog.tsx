import { useEffect, useRef, useState } from 'react';
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
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (current && !element.open) element.showModal();
    if (!current && element.open) element.close();
  }, [current]);
  return (
    <dialog
      ref={dialog}
      className="import-preview"
      aria-labelledby="import-preview-title"
      data-testid="import-preview"
      onCancel={(event) => {
        event.preventDefault();
        if (current?.phase === 'reading') current.cancel();
        else close(null);
      }}
    >
      {current?.phase === 'reading' && <Reading reading={current} />}
      {current?.phase === 'preview' && (
        <ImportPreview
          key={current.fileName}
          fileName={current.fileName}
          preview={current.preview}
          onClose={() => close(null)}
        />
      )}
    </dialog>
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
        <progress aria-label={`Reading ${reading.fileName}`} max={100} value={percent} />
        <span data-testid="import-percent">{percent} %</span>
      </div>
      <p role="status" data-testid="import-stage">
        {stageText(reading.progress)} {seconds > 0 && <span className="muted">({seconds} s)</span>}
      </p>
      <div className="panel-actions">
        <button type="button" autoFocus onClick={reading.cancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
