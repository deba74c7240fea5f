// 'New exercise' / 'Edit exercise': title, prompt (the Studio's rich-text editor), language, starter code, reference
// solution, tests (name, code, hidden; added and removed) and the time limit. Each save runs the exercise's check on
// the server; its result shows under Save and is announced.
import { useId } from 'react';
import {
  exerciseInput,
  PRACTICE,
  type ExerciseInput,
  type Language,
  type StudioExercise,
} from '../../../../shared/practice';
import { RichTextField, TitleField } from '../components/studio-fields';
import type { PracticeOwner } from './api/practice-keys';
import { createExercise, getExercise, updateExercise } from './api/save-practice-item';
import { CheckResult } from './check-result';
import { CodeField, NumberField, toInt, useElementMap, type HeadingLevel } from './practice-fields';
import { PracticeFormFrame } from './practice-form-frame';
import { usePracticeForm } from './use-practice-form';

export const LANGUAGE_NAMES: Record<Language, string> = {
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  python: 'Python',
};

interface TestDraft {
  key: string;
  name: string;
  code: string;
  hidden: boolean;
}
interface ExerciseDraft {
  title: string;
  prompt: string;
  language: Language;
  starterCode: string;
  solution: string;
  tests: TestDraft[];
  timeLimitMs: string;
}

let nextKey = 0;
const newKey = () => `new-${++nextKey}`;
const emptyTest = (): TestDraft => ({ key: newKey(), name: '', code: '', hidden: false });

const toDraft = (exercise: StudioExercise | null): ExerciseDraft =>
  exercise
    ? {
        title: exercise.title,
        prompt: exercise.prompt,
        language: exercise.language,
        starterCode: exercise.starterCode,
        solution: exercise.solution,
        tests: exercise.tests.map((test) => ({ key: test._id, name: test.name, code: test.code, hidden: test.hidden })),
        timeLimitMs: String(exercise.timeLimitMs),
      }
    : {
        title: '',
        prompt: '',
        language: 'javascript',
        starterCode: '',
        solution: '',
        tests: [emptyTest()],
        timeLimitMs: String(PRACTICE.timeLimitMs.default),
      };

const toBody = (draft: ExerciseDraft) => ({
  title: draft.title,
  prompt: draft.prompt,
  language: draft.language,
  starterCode: draft.starterCode,
  solution: draft.solution,
  tests: draft.tests.map(({ name, code, hidden }) => ({ name, code, hidden })),
  timeLimitMs: toInt(draft.timeLimitMs),
});

/** How a test is written in each language, under the Tests heading. */
const TEST_HINT: Record<Language, string> = {
  javascript:
    'A test runs after the code, in the same scope, and fails by throwing: assert.strictEqual(add(2, 3), 5, "add(2, 3) should be 5").',
  typescript:
    'A test runs after the code, in the same scope, and fails by throwing: assert.strictEqual(add(2, 3), 5, "add(2, 3) should be 5").',
  python: 'A test runs after the code, in the same scope: assert add(2, 3) == 5, "add(2, 3) should be 5"',
};

interface ExerciseFormProps {
  owner: PracticeOwner;
  exercise: StudioExercise | null;
  headingLevel: HeadingLevel;
  readOnly: boolean;
  onSaved: (exercise: StudioExercise, created: boolean) => void;
  onClose: () => void;
}

export function ExerciseForm({ owner, exercise, headingLevel, readOnly, onSaved, onClose }: ExerciseFormProps) {
  const form = usePracticeForm<StudioExercise, ExerciseDraft, ExerciseInput>({
    owner,
    initial: exercise,
    toDraft,
    toBody,
    schema: exerciseInput,
    create: createExercise,
    update: updateExercise,
    read: getExercise,
    onSaved,
  });
  const { draft, setDraft, item } = form;
  const languageId = useId();
  const testsHintId = useId();
  const testNames = useElementMap<HTMLInputElement>();
  const set = <K extends keyof ExerciseDraft>(field: K, value: ExerciseDraft[K]) =>
    setDraft((current) => ({ ...current, [field]: value }));
  const setTest = (key: string, change: Partial<TestDraft>) =>
    setDraft((current) => ({
      ...current,
      tests: current.tests.map((test) => (test.key === key ? { ...test, ...change } : test)),
    }));

  function addTest() {
    const test = emptyTest();
    set('tests', [...draft.tests, test]);
    // The new test's name field takes the focus once it is there.
    testNames.focusSoon(test.key);
  }

  return (
    <PracticeFormFrame
      title={item ? `Edit exercise: ${item.title}` : 'New exercise'}
      headingLevel={headingLevel}
      noun="exercise"
      state={form.state}
      dirty={form.dirty}
      item={item}
      onAct={form.act}
      readOnly={readOnly}
      problem={form.problem}
      onSave={() => void form.save()}
      onReload={() => void form.reload()}
      onClose={onClose}
      result={item && <CheckResult exercise={item} />}
    >
      <TitleField label="Exercise title" value={draft.title} onChange={(title) => set('title', title)} />
      <RichTextField label="Prompt" value={draft.prompt} onChange={(html) => set('prompt', html)} readOnly={readOnly} />
      <div className="studio-field">
        <label htmlFor={languageId}>Language</label>
        <select
          id={languageId}
          className="input"
          value={draft.language}
          onChange={(event) => set('language', event.target.value as Language)}
        >
          {PRACTICE.languages.map((language) => (
            <option key={language} value={language}>
              {LANGUAGE_NAMES[language]}
            </option>
          ))}
        </select>
      </div>
      <CodeField
        label="Starter code"
        hint="What the learner's editor starts with: it must fail at least one test."
        value={draft.starterCode}
        onChange={(code) => set('starterCode', code)}
      />
      <CodeField
        label="Reference solution"
        hint="Never shown to learners: it must pass every test."
        value={draft.solution}
        onChange={(code) => set('solution', code)}
      />
      <fieldset className="practice-group" aria-describedby={testsHintId}>
        <legend className="practice-group__legend">Tests</legend>
        <p id={testsHintId} className="studio-hint">
          {TEST_HINT[draft.language]} A hidden test runs only on Submit; learners see “Hidden test N” and whether it
          passed, never its code.
        </p>
        <ol className="practice-parts">
          {draft.tests.map((test, index) => (
            <li key={test.key} className="practice-part">
              <fieldset className="practice-part__box">
                <legend className="practice-part__legend">Test {index + 1}</legend>
                <div className="studio-field">
                  <label htmlFor={`${test.key}-name`}>Test name</label>
                  <input
                    id={`${test.key}-name`}
                    ref={testNames.keep(test.key)}
                    className="input"
                    maxLength={PRACTICE.testNameMax}
                    autoComplete="off"
                    value={test.name}
                    onChange={(event) => setTest(test.key, { name: event.target.value })}
                  />
                </div>
                <CodeField
                  label="Test code"
                  rows={4}
                  value={test.code}
                  onChange={(code) => setTest(test.key, { code })}
                />
                <div className="practice-part__row">
                  <label className="practice-check-label">
                    <input
                      type="checkbox"
                      checked={test.hidden}
                      onChange={(event) => setTest(test.key, { hidden: event.target.checked })}
                    />{' '}
                    Hidden test
                  </label>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    disabled={draft.tests.length === 1}
                    onClick={() =>
                      set(
                        'tests',
                        draft.tests.filter((other) => other.key !== test.key),
                      )
                    }
                  >
                    Remove test<span className="visually-hidden"> {index + 1}</span>
                  </button>
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
        <button
          type="button"
          className="button button--ghost"
          disabled={draft.tests.length >= PRACTICE.testsMax}
          onClick={addTest}
        >
          Add test
        </button>
      </fieldset>
      <NumberField
        label="Time limit (ms)"
        min={PRACTICE.timeLimitMs.min}
        max={PRACTICE.timeLimitMs.max}
        step={100}
        hint="From 100 to 10,000 ms; 2,000 unless you change it."
        value={draft.timeLimitMs}
        onChange={(value) => set('timeLimitMs', value)}
      />
    </PracticeFormFrame>
  );
}
