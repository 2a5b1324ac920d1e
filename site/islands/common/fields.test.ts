import { createElement as h } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CheckboxField, SelectField, TextArea, TextField, describedBy, type FieldLook } from './fields.tsx';

const look: FieldLook = {
  field: 'x-field',
  wide: 'x-wide',
  label: 'x-label',
  control: 'x-input',
  check: 'x-check',
  hint: 'x-hint',
  error: 'x-error',
  marker: h('span', { 'aria-hidden': true }, ' *'),
};

describe('describedBy', () => {
  it('points at the error first, then the hint, and at nothing without either', () => {
    expect(describedBy('f', 'Required', 'Say more')).toBe('f-error f-hint');
    expect(describedBy('f', undefined, 'Say more')).toBe('f-hint');
    expect(describedBy('f', 'Required')).toBe('f-error');
    expect(describedBy('f', '', undefined)).toBeUndefined();
  });
});

describe('field components', () => {
  it('render label, control, hint and error with the links between them', () => {
    const html = renderToStaticMarkup(
      h(TextField, {
        look,
        id: 'email',
        label: 'Email',
        type: 'email',
        autoComplete: 'email',
        required: true,
        name: 'email',
        hint: 'We reply here.',
        error: 'Email is required',
        defaultValue: '',
      }),
    );
    expect(html).toBe(
      '<div class="x-field"><label class="x-label" for="email">Email<span aria-hidden="true"> *</span></label>' +
        '<input class="x-input" id="email" aria-invalid="true" aria-describedby="email-error email-hint" type="email" autoComplete="email" required="" name="email" value=""/>' +
        '<p id="email-hint" class="x-hint">We reply here.</p><p id="email-error" class="x-error">Email is required</p></div>',
    );
  });

  it('leave a valid field unmarked and undescribed', () => {
    const html = renderToStaticMarkup(h(TextField, { look, id: 'n', label: 'Name', defaultValue: '' }));
    expect(html).not.toContain('aria-invalid');
    expect(html).not.toContain('aria-describedby');
    expect(html).not.toContain('aria-hidden');
  });

  it('let a form point every control at one message of its own', () => {
    const html = renderToStaticMarkup(
      h(TextField, { look, id: 'p', label: 'Password', 'aria-describedby': 'form-error', defaultValue: '' }),
    );
    expect(html).toContain('aria-describedby="form-error"');
  });

  it('put an addon in the box, the box class only with an addon', () => {
    const boxed = { ...look, box: { className: 'x-box', withAddon: 'x-row' } };
    const addon = h('button', { type: 'button' }, 'Show');
    expect(renderToStaticMarkup(h(TextField, { look: boxed, id: 'a', label: 'A', addon }))).toContain(
      '<div class="x-box x-row"><input class="x-input" id="a"/><button type="button">Show</button></div>',
    );
    expect(renderToStaticMarkup(h(TextField, { look: boxed, id: 'a', label: 'A' }))).toContain(
      '<div class="x-box"><input class="x-input" id="a"/></div>',
    );
    expect(renderToStaticMarkup(h(TextField, { look, id: 'a', label: 'A', addon }))).toContain(
      '<input class="x-input" id="a"/><button type="button">Show</button></div>',
    );
  });

  it('offer a placeholder choice and options given as text or value and label', () => {
    const html = renderToStaticMarkup(
      h(SelectField, {
        look,
        id: 'd',
        label: 'Degree',
        placeholder: 'Select a degree',
        options: ['bachelor', { value: 'master', label: 'Master' }],
        defaultValue: '',
      }),
    );
    expect(html).toContain(
      '<option value="" selected="">Select a degree</option><option value="bachelor">bachelor</option><option value="master">Master</option>',
    );
  });

  it('widen text areas and checkboxes, with the checkbox label after the box and unmarked', () => {
    expect(renderToStaticMarkup(h(TextArea, { look, id: 'm', label: 'Message', defaultValue: '' }))).toMatch(
      /^<div class="x-field x-wide"><label class="x-label" for="m">Message<\/label><textarea class="x-input" id="m"/,
    );
    expect(
      renderToStaticMarkup(
        h(CheckboxField, { look, id: 't', label: 'Terms', required: true, defaultChecked: false }),
      ),
    ).toBe(
      '<div class="x-field x-wide"><div class="x-check"><input type="checkbox" id="t" required=""/><label for="t">Terms</label></div></div>',
    );
  });
});
