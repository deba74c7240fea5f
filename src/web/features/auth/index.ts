// What other features may use from the account forms: the labelled field with its problem, the field checks (the
// specified rules, checked before sending), and the one-call-at-a-time submit (the settings page's forms use them).
export { Field, FormProblem } from './components/auth-card';
export {
  commonPasswordProblem,
  emailProblem,
  nameProblem,
  passwordProblem,
  useFieldErrors,
} from './components/field-errors';
export { useFormSubmit } from './components/use-form-submit';
