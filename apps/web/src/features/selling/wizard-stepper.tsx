import { useI18n } from '../../lib/i18n/i18n-store';
import { STEP_NAMES, wizardSteps, type WizardStep } from './wizard-steps';

/** The wizard's steps: all of them to jump to on a wide screen, "Step 2 of 6" on a phone. */
export function WizardStepper({ step, onGo }: { step: WizardStep; onGo: (step: WizardStep) => void }) {
  const { t } = useI18n();
  return (
    <nav className="col-md-3" aria-label={t('sell.steps')}>
      <p className="d-md-none small text-body-secondary mb-0">
        {t('sell.stepOf', { step: wizardSteps.indexOf(step) + 1, count: wizardSteps.length })}
      </p>
      <ol className="list-unstyled d-none d-md-block sell-stepper">
        {wizardSteps.map((name, position) => (
          <li key={name}>
            <button
              type="button"
              className={`btn btn-link text-start px-0${name === step ? ' fw-bold text-body' : ''}`}
              aria-current={name === step ? 'step' : undefined}
              onClick={() => onGo(name)}
            >
              {position + 1}. {t(STEP_NAMES[name])}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
