import { Button, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { useApp } from '../store/context';

/** The app's own modal dialog for a question (Escape or the close button dismiss it). */
export function QuestionDialog() {
  const question = useApp((s) => s.question);
  return (
    <Dialog
      isOpen={question !== null}
      className="question"
      title={question?.title}
      icon="help"
      aria-describedby="question-text"
      canOutsideClickClose={false}
      onClose={() => question?.answer(null)}
    >
      {question && (
        <>
          <DialogBody>
            <p id="question-text">{question.text}</p>
          </DialogBody>
          <DialogFooter
            actions={question.choices.map((c, i) => (
              <Button
                key={c.value}
                // The first choice is the safe one, focused first.
                autoFocus={i === 0}
                intent={i === 0 ? 'primary' : 'none'}
                text={c.label}
                onClick={() => question.answer(c.value)}
              />
            ))}
          />
        </>
      )}
    </Dialog>
  );
}
