import { useEffect, useRef } from 'react';
import { useApp } from '../store/context';

/** The app's own modal dialog for a question (Escape or Cancel dismiss it). */
export function QuestionDialog() {
  const question = useApp((s) => s.question);
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (question && !element.open) element.showModal();
    if (!question && element.open) element.close();
  }, [question]);
  return (
    <dialog
      ref={dialog}
      className="question"
      aria-labelledby="question-title"
      aria-describedby="question-text"
      onCancel={(event) => {
        event.preventDefault();
        question?.answer(null);
      }}
    >
      {question && (
        <>
          <h2 id="question-title">{question.title}</h2>
          <p id="question-text">{question.text}</p>
          <div className="panel-actions">
            {question.choices.map((c, i) => (
              <button
                key={c.value}
                type="button"
                // The first choice is the safe one, focused first.
                autoFocus={i === 0}
                onClick={() => question.answer(c.value)}
              >
                {c.label}
              </button>
            ))}
          </div>
        </>
      )}
    </dialog>
  );
}
