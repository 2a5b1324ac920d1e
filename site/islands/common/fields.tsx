import {
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';

/**
 * The class names one area's forms are drawn with. Each page ships only the CSS its HTML names
 * (scripts/build/page-css.ts), so the components take the area's own classes rather than one set.
 */
export interface FieldLook {
  /** The element around label, control and messages. */
  field: string;
  /** Added to `field` around a text area or a checkbox (they span the form's grid). */
  wide?: string;
  label?: string;
  /** On the input, select or text area itself. */
  control?: string;
  /**
   * A box around the control and its addon: `className` always, `withAddon` only when there is
   * an addon (a show/hide button beside a password). No box when neither is given.
   */
  box?: { className?: string; withAddon?: string };
  /** The row holding a checkbox and its label. */
  check?: string;
  hint: string;
  error: string;
  /** Shown after the label of a required field (hidden from screen readers: `required` says it). */
  marker?: ReactNode;
}

interface Common {
  look: FieldLook;
  label: ReactNode;
  /** The control's id; hint and error ids derive from it. A generated one when not given. */
  id?: string | undefined;
  hint?: ReactNode;
  error?: string | undefined;
  /** Extra classes on the field's wrapper. */
  fieldClassName?: string | undefined;
  /** Show the look's required marker (default: when the field is required). */
  mark?: boolean | undefined;
}

/** The ids a control is described by: its error first (what to fix), then its hint. */
export function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  return [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
}

/** The attributes that tie a control to its label and messages. */
function aria(id: string, error: string | undefined, hint: ReactNode) {
  return {
    id,
    'aria-invalid': error ? (true as const) : undefined,
    'aria-describedby': describedBy(id, error, hint),
  };
}

const join = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ') || undefined;

/** The hint and the error under a control, with the ids the control points at. */
function Messages({
  look,
  id,
  error,
  hint,
}: {
  look: FieldLook;
  id: string;
  error?: string | undefined;
  hint?: ReactNode;
}) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className={look.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={look.error}>
          {error}
        </p>
      )}
    </>
  );
}

function Box({ look, addon, children }: { look: FieldLook; addon: ReactNode; children: ReactNode }) {
  if (!look.box) return children;
  return (
    <div className={join(look.box.className, addon ? look.box.withAddon : undefined)}>
      {children}
      {addon}
    </div>
  );
}

/** Splits a field's props into the ones every field shares and the ones its control takes. */
function split<P extends Common>({ look, label, id, hint, error, fieldClassName, mark, ...control }: P) {
  return [{ look, label, id, hint, error, fieldClassName, mark }, control] as const;
}

/**
 * What every labelled field is drawn in: the wrapper, the label (with the look's marker on a
 * required field), the control `children` draws with the attributes it is given, then hint and error.
 */
function Frame({
  common: { look, label, id: given, hint, error, fieldClassName, mark },
  required,
  wide,
  children,
}: {
  common: Common;
  required: boolean | undefined;
  wide?: boolean;
  children: (attributes: ReturnType<typeof aria>) => ReactNode;
}) {
  const generated = useId();
  const id = given ?? generated;
  return (
    <div className={join(look.field, wide && look.wide, fieldClassName)}>
      <label className={look.label} htmlFor={id}>
        {label}
        {(mark ?? Boolean(required)) && look.marker}
      </label>
      {children(aria(id, error, hint))}
      <Messages look={look} id={id} error={error} hint={hint} />
    </div>
  );
}

interface TextFieldProps extends Common, Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** Beside the input, inside the look's box (e.g. a show/hide button). */
  addon?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its hint and error; every other input attribute passes through. */
export function TextField(props: TextFieldProps) {
  const [common, { addon, className, ...input }] = split(props);
  const { look } = common;
  return (
    <Frame common={common} required={input.required}>
      {(attributes) => (
        <Box look={look} addon={addon}>
          <input className={join(look.control, className)} {...attributes} {...input} />
          {look.box ? null : addon}
        </Box>
      )}
    </Frame>
  );
}

interface TextAreaProps extends Common, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id'> {}

/** A labelled text area with its hint and error. */
export function TextArea(props: TextAreaProps) {
  const [common, { className, ...area }] = split(props);
  return (
    <Frame common={common} required={area.required} wide>
      {(attributes) => (
        <textarea className={join(common.look.control, className)} {...attributes} {...area} />
      )}
    </Frame>
  );
}

type Option = string | { value: string; label: string };

interface SelectFieldProps extends Common, Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id'> {
  options: readonly Option[];
  /** The first, empty choice ("Select…"); none when not given. */
  placeholder?: string;
}

/** A labelled select with its hint and error. */
export function SelectField(props: SelectFieldProps) {
  const [common, { options, placeholder, className, ...select }] = split(props);
  return (
    <Frame common={common} required={select.required}>
      {(attributes) => (
        <select className={join(common.look.control, className)} {...attributes} {...select}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => {
            const { value, label: text } = typeof o === 'string' ? { value: o, label: o } : o;
            return (
              <option key={value} value={value}>
                {text}
              </option>
            );
          })}
        </select>
      )}
    </Frame>
  );
}

interface CheckboxFieldProps extends Common, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'type'> {
  /** After the label, in the same row (e.g. a button that opens the terms). */
  addon?: ReactNode;
}

/** A checkbox with its label beside it, then its hint and error. */
export function CheckboxField(props: CheckboxFieldProps) {
  const [{ look, label, id: given, hint, error, fieldClassName, mark }, { addon, ...input }] = split(props);
  const generated = useId();
  const id = given ?? generated;
  return (
    <div className={join(look.field, look.wide, fieldClassName)}>
      <div className={look.check}>
        <input type="checkbox" {...aria(id, error, hint)} {...input} />
        <label htmlFor={id}>
          {label}
          {mark && look.marker}
        </label>
        {addon}
      </div>
      <Messages look={look} id={id} error={error} hint={hint} />
    </div>
  );
}
