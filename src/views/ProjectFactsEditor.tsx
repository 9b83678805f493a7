import { Classes } from '@blueprintjs/core';
import { EditorPanel } from '../components/EditorPanel';
import { PathText } from '../components/PathFields';

/**
 * Who the deliverables are for and by: the report's cover prints these as
 * entered. The core checks them (one line each, lengths, a real date).
 */
export function ProjectFactsEditor() {
  return (
    <EditorPanel headingId="facts-heading" title="Report facts">
      <p className={Classes.TEXT_MUTED}>
        Printed on the cover of the XLSX report; the sizing does not read them.
      </p>
      <div className="editor-fields">
        <PathText path="facts.customer" label="Customer" testId="facts-customer" />
        <PathText path="facts.project" label="Customer project" testId="facts-project" />
        <PathText path="facts.author" label="Prepared by" testId="facts-author" />
        <PathText path="facts.date" label="Date" kind="date" testId="facts-date" />
      </div>
      <PathText
        path="facts.notes"
        label="Objectives and notes"
        kind="multiline"
        hint="Paragraphs, or a list with one item per line (start lines with - for bullets)."
        testId="facts-notes"
      />
    </EditorPanel>
  );
}
