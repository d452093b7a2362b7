// The values a user types for a prompt's arguments or a template's variables: reset when the
// fields change (another prompt or template picked), the required ones left empty named when
// the user asks to go on, and a field no longer named once it is filled in.
import { reactive, ref, watch, type Ref } from 'vue';
import type { PromptArgumentInfo, TemplateVariable } from '../../types/offerings.js';
import { givenValues, missingValues } from './offerings.js';

export interface FieldValues {
  values: Record<string, string>;
  /** The required fields named as empty at the last `check`, until filled. */
  missing: Ref<string[]>;
  /** True when every required field has a value; else names the empty ones in `missing`. */
  check(): boolean;
  /** The values given (empty fields are not sent). */
  given(): Record<string, string>;
  /** Sets one field (a field component's update). */
  set(name: string, value: string): void;
}

export function useFieldValues(fields: () => ReadonlyArray<PromptArgumentInfo | TemplateVariable>): FieldValues {
  const values = reactive<Record<string, string>>({});
  const missing = ref<string[]>([]);
  watch(fields, (now) => {
    for (const key of Object.keys(values)) delete values[key];
    for (const field of now) values[field.name] = '';
    missing.value = [];
  }, { immediate: true });
  watch(values, () => {
    if (missing.value.length > 0) missing.value = missingValues(fields(), values);
  });
  return {
    values,
    missing,
    check: () => (missing.value = missingValues(fields(), values)).length === 0,
    given: () => givenValues(values),
    set: (name, value) => {
      values[name] = value;
    },
  };
}
