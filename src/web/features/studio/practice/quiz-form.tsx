// 'New quiz' / 'Edit quiz': title, pass mark and the questions, each with its text, single or multiple answer, 2 to 8
// choices (which are correct: radio buttons for a single answer, checkboxes for several) and an explanation shown
// after the learner answers. Questions and choices are added and removed here.
import { PRACTICE, quizInput, type QuizInput, type StudioQuiz } from '../../../../shared/practice';
import { TitleField } from '../components/studio-fields';
import type { PracticeOwner } from './api/practice-keys';
import { createQuiz, getQuiz, updateQuiz } from './api/save-practice-item';
import { NumberField, toInt, useElementMap, type HeadingLevel } from './practice-fields';
import { PracticeFormFrame } from './practice-form-frame';
import { usePracticeForm } from './use-practice-form';

interface ChoiceDraft {
  key: string;
  text: string;
  correct: boolean;
}
interface QuestionDraft {
  key: string;
  text: string;
  multiple: boolean;
  choices: ChoiceDraft[];
  explanation: string;
}
interface QuizDraft {
  title: string;
  passMark: string;
  questions: QuestionDraft[];
}

const { choicesMin, choicesMax, questionsMax, textMax, passMarkDefault } = PRACTICE.quiz;

let nextKey = 0;
const newKey = () => `q-new-${++nextKey}`;
const emptyChoice = (): ChoiceDraft => ({ key: newKey(), text: '', correct: false });
const emptyQuestion = (): QuestionDraft => ({
  key: newKey(),
  text: '',
  multiple: false,
  choices: Array.from({ length: choicesMin }, emptyChoice),
  explanation: '',
});

const toDraft = (quiz: StudioQuiz | null): QuizDraft =>
  quiz
    ? {
        title: quiz.title,
        passMark: String(quiz.passMark),
        questions: quiz.questions.map((question) => ({
          key: question._id,
          text: question.text,
          multiple: question.multiple,
          choices: question.choices.map((choice) => ({ key: choice._id, text: choice.text, correct: choice.correct })),
          explanation: question.explanation,
        })),
      }
    : { title: '', passMark: String(passMarkDefault), questions: [emptyQuestion()] };

const toBody = (draft: QuizDraft) => ({
  title: draft.title,
  passMark: toInt(draft.passMark),
  questions: draft.questions.map(({ text, multiple, choices, explanation }) => ({
    text,
    multiple,
    choices: choices.map(({ text: choiceText, correct }) => ({ text: choiceText, correct })),
    explanation,
  })),
});

interface QuizFormProps {
  owner: PracticeOwner;
  quiz: StudioQuiz | null;
  headingLevel: HeadingLevel;
  onSaved: (quiz: StudioQuiz, created: boolean) => void;
  onClose: () => void;
}

export function QuizForm({ owner, quiz, headingLevel, onSaved, onClose }: QuizFormProps) {
  const form = usePracticeForm<StudioQuiz, QuizDraft, QuizInput>({
    owner,
    initial: quiz,
    toDraft,
    toBody,
    schema: quizInput,
    create: createQuiz,
    update: updateQuiz,
    read: getQuiz,
    onSaved,
  });
  const { draft, setDraft, item } = form;
  // After adding a question or a choice, its first field takes the focus once it is there.
  const fields = useElementMap<HTMLElement>();

  const setQuestions = (change: (questions: QuestionDraft[]) => QuestionDraft[]) =>
    setDraft((current) => ({ ...current, questions: change(current.questions) }));
  const setQuestion = (key: string, change: (question: QuestionDraft) => QuestionDraft) =>
    setQuestions((questions) => questions.map((question) => (question.key === key ? change(question) : question)));

  function addQuestion() {
    const question = emptyQuestion();
    setQuestions((questions) => [...questions, question]);
    fields.focusSoon(question.key);
  }

  function addChoice(questionKey: string) {
    const choice = emptyChoice();
    setQuestion(questionKey, (question) => ({ ...question, choices: [...question.choices, choice] }));
    fields.focusSoon(choice.key);
  }

  /** A single-answer question keeps one correct choice: marking one unmarks the others. */
  function markCorrect(question: QuestionDraft, choiceKey: string, correct: boolean) {
    setQuestion(question.key, (current) => ({
      ...current,
      choices: current.choices.map((choice) =>
        choice.key === choiceKey ? { ...choice, correct } : current.multiple ? choice : { ...choice, correct: false },
      ),
    }));
  }

  /** Going from multiple to single answer keeps only the first correct choice. */
  function setMultiple(question: QuestionDraft, multiple: boolean) {
    setQuestion(question.key, (current) => {
      if (multiple) return { ...current, multiple };
      const first = current.choices.findIndex((choice) => choice.correct);
      return {
        ...current,
        multiple,
        choices: current.choices.map((choice, index) => ({ ...choice, correct: index === first })),
      };
    });
  }

  return (
    <PracticeFormFrame
      title={item ? `Edit quiz: ${item.title}` : 'New quiz'}
      headingLevel={headingLevel}
      noun="quiz"
      state={form.state}
      dirty={form.dirty}
      item={item}
      onAct={form.act}
      problem={form.problem}
      onSave={() => void form.save()}
      onReload={() => void form.reload()}
      onClose={onClose}
      result={
        item && !form.dirty ? <p className="practice-check practice-check--passed">Saved “{item.title}”.</p> : null
      }
    >
      <TitleField
        label="Quiz title"
        value={draft.title}
        onChange={(title) => setDraft((current) => ({ ...current, title }))}
      />
      <NumberField
        label="Pass mark (%)"
        min={0}
        max={100}
        hint={`The share of questions a learner must answer right to pass; ${passMarkDefault}% unless you change it.`}
        value={draft.passMark}
        onChange={(passMark) => setDraft((current) => ({ ...current, passMark }))}
      />
      <ol className="practice-parts">
        {draft.questions.map((question, qIndex) => {
          const q = qIndex + 1;
          return (
            <li key={question.key} className="practice-part">
              <fieldset className="practice-part__box">
                <legend className="practice-part__legend">Question {q}</legend>
                <div className="studio-field">
                  <label htmlFor={`${question.key}-text`}>Question text</label>
                  <textarea
                    id={`${question.key}-text`}
                    ref={fields.keep(question.key)}
                    className="input"
                    rows={2}
                    maxLength={textMax}
                    value={question.text}
                    onChange={(event) =>
                      setQuestion(question.key, (current) => ({ ...current, text: event.target.value }))
                    }
                  />
                </div>
                <fieldset className="practice-choice-kind">
                  <legend className="studio-field__label">Answers</legend>
                  <label className="practice-check-label">
                    <input
                      type="radio"
                      name={`${question.key}-kind`}
                      checked={!question.multiple}
                      onChange={() => setMultiple(question, false)}
                    />{' '}
                    One correct answer
                  </label>
                  <label className="practice-check-label">
                    <input
                      type="radio"
                      name={`${question.key}-kind`}
                      checked={question.multiple}
                      onChange={() => setMultiple(question, true)}
                    />{' '}
                    Several correct answers
                  </label>
                </fieldset>
                <fieldset className="practice-choices">
                  <legend className="studio-field__label">Choices of question {q}</legend>
                  <ol className="practice-choices__list">
                    {question.choices.map((choice, cIndex) => {
                      const c = cIndex + 1;
                      return (
                        <li key={choice.key} className="practice-choice">
                          <label className="visually-hidden" htmlFor={`${choice.key}-text`}>
                            Choice {c}
                          </label>
                          <input
                            id={`${choice.key}-text`}
                            ref={fields.keep(choice.key)}
                            className="input practice-choice__text"
                            placeholder={`Choice ${c}`}
                            maxLength={textMax}
                            autoComplete="off"
                            value={choice.text}
                            onChange={(event) =>
                              setQuestion(question.key, (current) => ({
                                ...current,
                                choices: current.choices.map((other) =>
                                  other.key === choice.key ? { ...other, text: event.target.value } : other,
                                ),
                              }))
                            }
                          />
                          <label className="practice-check-label">
                            <input
                              type={question.multiple ? 'checkbox' : 'radio'}
                              name={`${question.key}-correct`}
                              checked={choice.correct}
                              onChange={(event) => markCorrect(question, choice.key, event.target.checked)}
                            />{' '}
                            Correct<span className="visually-hidden"> (choice {c})</span>
                          </label>
                          <button
                            type="button"
                            className="button button--ghost button--small"
                            disabled={question.choices.length <= choicesMin}
                            onClick={() =>
                              setQuestion(question.key, (current) => ({
                                ...current,
                                choices: current.choices.filter((other) => other.key !== choice.key),
                              }))
                            }
                          >
                            Remove
                            <span className="visually-hidden">
                              {' '}
                              choice {c} of question {q}
                            </span>
                          </button>
                        </li>
                      );
                    })}
                  </ol>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    disabled={question.choices.length >= choicesMax}
                    onClick={() => addChoice(question.key)}
                  >
                    Add choice<span className="visually-hidden"> to question {q}</span>
                  </button>
                </fieldset>
                <div className="studio-field">
                  <label htmlFor={`${question.key}-explanation`}>Explanation</label>
                  <textarea
                    id={`${question.key}-explanation`}
                    className="input"
                    rows={2}
                    maxLength={textMax}
                    value={question.explanation}
                    onChange={(event) =>
                      setQuestion(question.key, (current) => ({ ...current, explanation: event.target.value }))
                    }
                  />
                </div>
                <button
                  type="button"
                  className="button button--ghost button--small practice-part__remove"
                  disabled={draft.questions.length === 1}
                  onClick={() => setQuestions((questions) => questions.filter((other) => other.key !== question.key))}
                >
                  Remove question<span className="visually-hidden"> {q}</span>
                </button>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <button
        type="button"
        className="button button--ghost"
        disabled={draft.questions.length >= questionsMax}
        onClick={addQuestion}
      >
        Add question
      </button>
    </PracticeFormFrame>
  );
}
