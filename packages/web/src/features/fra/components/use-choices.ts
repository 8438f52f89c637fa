// The choices of the assessment form, each fetched once and shared by its steps: phishing templates (archived ones
// left out), web training templates, domains, tags and departments with their head counts.
import { useQuery } from '@tanstack/react-query';
import { FRA_KEYS, choices } from '../api.ts';

const STALE = 60_000;

export function useTemplateChoices() {
  return useQuery({
    queryKey: FRA_KEYS.choice('templates'),
    queryFn: ({ signal }) => choices.templates(signal).then((ts) => ts.filter((t) => !t.archived)),
    staleTime: STALE,
  });
}
export function useTrainingChoices() {
  return useQuery({ queryKey: FRA_KEYS.choice('trainings'), queryFn: ({ signal }) => choices.trainings(signal), staleTime: STALE });
}
export function useDomainChoices() {
  return useQuery({ queryKey: FRA_KEYS.choice('domains'), queryFn: ({ signal }) => choices.domains(signal), staleTime: STALE });
}
export function useTagChoices() {
  return useQuery({ queryKey: FRA_KEYS.choice('tags'), queryFn: ({ signal }) => choices.tags(signal), staleTime: STALE });
}
export function useDepartmentChoices() {
  return useQuery({ queryKey: FRA_KEYS.choice('departments'), queryFn: ({ signal }) => choices.departments(signal), staleTime: STALE });
}
