import { useEffect, useRef, useState } from 'react';
import { useApp } from '../store/context';
import type { InventoryImport } from '../store/uiSlice';
import { ImportPreview } from './ImportPreview';

const STAGE_TEXT: Record<Extract<InventoryImport, { phase: 'reading' }>['stage'], string> = {
  opening: 'Loading the file…',
  loading: 'Starting the importer…',
  reading: 'Reading the sheets and checking every row…',
};

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
  return (
    <div className="import-reading">
      <h2 id="import-preview-title">Reading {reading.fileName}</h2>
      <progress aria-label={`Reading ${reading.fileName}`} />
      <p role="status" data-testid="import-stage">
        {STAGE_TEXT[reading.stage]} {seconds > 0 && <span className="muted">({seconds} s)</span>}
      </p>
      <div className="panel-actions">
        <button type="button" autoFocus onClick={reading.cancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}
