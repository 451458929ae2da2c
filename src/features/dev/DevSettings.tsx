import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { isTemplateName, TEMPLATE_NAMES } from '../../app/template-config';
import { useTemplate } from '../../app/template/template-context';

/** The stored developer preferences: panel on or off, and the design. */
export function DevSettings() {
  const { t } = useTranslation();
  const { config, setTemplate, setDevPanelOpen } = useTemplate();
  const id = useId();
  return (
    <section className="card card-body dev-settings" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h5">
        {t('dev.settings')}
      </h2>
      <div className="form-check form-switch mb-3">
        <input
          id={`${id}-panel`}
          className="form-check-input"
          type="checkbox"
          role="switch"
          checked={config.isDevPanelOpen}
          onChange={(e) => setDevPanelOpen(e.target.checked)}
        />
        <label className="form-check-label" htmlFor={`${id}-panel`}>
          {t('dev.show_panel')}
        </label>
      </div>
      <label className="form-label" htmlFor={`${id}-template`}>
        {t('dev.design')}
      </label>
      <select
        id={`${id}-template`}
        className="form-select w-auto"
        value={config.templateName}
        onChange={(e) => {
          if (isTemplateName(e.target.value)) setTemplate(e.target.value);
        }}
      >
        {TEMPLATE_NAMES.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
    </section>
  );
}
