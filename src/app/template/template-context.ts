/** Context that hands the active template config and its setters to the shell. */
import { createContext, useContext } from 'react';
import { TEMPLATES, type TemplateConfig, type TemplateName } from '../template-config';

export interface TemplateContextValue {
  config: TemplateConfig;
  setTemplate: (name: TemplateName) => void;
  setDevPanelOpen: (open: boolean) => void;
}

export const TemplateContext = createContext<TemplateContextValue>({
  config: TEMPLATES.amora,
  setTemplate: () => undefined,
  setDevPanelOpen: () => undefined,
});

/** The active design and its setters. */
export function useTemplate(): TemplateContextValue {
  return useContext(TemplateContext);
}
