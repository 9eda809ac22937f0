/**
 * The run dialog's form as RunOptions and back. A list option is one text field of shell
 * words (`-p 8080:80 -p 443:443` is the field `8080:80 443:443`); the command is one field of
 * shell words too. Text goes in exactly as the form would show it, so form → options → form
 * gives the same fields.
 */
import type { Checked } from '../validation.ts';
import { splitCommand } from '../validation.ts';
import { shellWord } from './format-line.ts';
import { emptyOptions, LIST_OPTIONS, TEXT_OPTIONS, type ListOption, type RunOptions, type SwitchOption, type TextOption } from './options.ts';

export type FormField = 'image' | 'command' | TextOption | ListOption;
export type FormText = Record<FormField, string>;
export type FormSwitches = Record<SwitchOption, boolean>;

export function optionsToForm(options: RunOptions): { text: FormText; switches: FormSwitches } {
  const words = (list: readonly string[]) => list.map(shellWord).join(' ');
  const text = { image: options.image, command: words(options.command) } as FormText;
  for (const option of TEXT_OPTIONS) text[option] = options[option];
  for (const option of LIST_OPTIONS) text[option] = words(options[option]);
  const { detach, interactive, tty, rm, publishAll } = options;
  return { text, switches: { detach, interactive, tty, rm, publishAll } };
}

/** The form read back: options, or each field's reason it cannot be read as words. */
export function formToOptions(text: FormText, switches: FormSwitches): { options: RunOptions; errors: Partial<Record<FormField, string>> } {
  const errors: Partial<Record<FormField, string>> = {};
  const split = (field: FormField): string[] => {
    const words: Checked<string[] | undefined> = splitCommand(text[field]);
    if (!words.ok) {
      errors[field] = field === 'command' ? words.message : words.message.replace(/^command/, field);
      return [];
    }
    return words.value ?? [];
  };
  const options: { -readonly [K in keyof RunOptions]: RunOptions[K] } = { ...emptyOptions(text.image), ...switches, command: split('command') };
  for (const option of TEXT_OPTIONS) options[option] = text[option];
  for (const option of LIST_OPTIONS) options[option] = split(option);
  return { options, errors };
}
