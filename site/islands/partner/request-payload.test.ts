import { describe, expect, it } from 'vitest';
import * as contract from '#schemas/partner.ts';
import { blank, payload, sentSummary, validateValues } from './request-payload.ts';

const partner = {
  companyName: 'Acme Care',
  ownerEmail: 'owner@acme.example',
  ownerPhoneNumber: '+44 20 7946 0000',
};
const nextYear = `${new Date().getUTCFullYear() + 1}-06-30`;

describe('partner request forms: starting values', () => {
  it("prefills the contact details from the partner's profile", () => {
    const v = blank('student', partner);
    expect(v).toMatchObject({
      companyName: 'Acme Care',
      contactEmail: 'owner@acme.example',
      contactPhone: '+44 20 7946 0000',
      entranceExamRequired: false,
      requiredDocuments: [],
    });
    expect(blank('employee', { email: 'e@acme.example', contactNumber: '0207' })).toMatchObject({
      companyName: '',
      contactEmail: 'e@acme.example',
      contactPhone: '0207',
      jobTitle: '',
    });
  });
});

describe('partner request forms: form to payload', () => {
  it('sends seats as a number, also as the number of positions, and a blank GPA as null', () => {
    const body = payload('student', { ...blank('student', partner), totalSeats: '30', minimumGPA: ' ' });
    expect(body).toMatchObject({ type: 'student', totalSeats: 30, numberOfPositions: 30, minimumGPA: null });
  });

  it('drops the exam date and details unless an exam is required', () => {
    const values = { ...blank('student', partner), examDate: '2030-01-01', examDetails: 'Maths' };
    expect(payload('student', values)).toMatchObject({ examDate: '', examDetails: '' });
    expect(payload('student', { ...values, entranceExamRequired: true })).toMatchObject({
      examDate: '2030-01-01',
      examDetails: 'Maths',
    });
  });

  it('sends the number of positions of a hiring request as a number (blank: left out)', () => {
    expect(payload('employee', { ...blank('employee', partner), numberOfPositions: '4' })).toMatchObject({
      type: 'employee',
      numberOfPositions: 4,
    });
    expect(payload('employee', blank('employee', partner)).numberOfPositions).toBeUndefined();
  });
});

describe('partner request forms: validation before sending', () => {
  it("gives each empty required field the contract's message", () => {
    const result = validateValues(contract, 'employee', blank('employee', partner));
    expect(result.ok).toBe(false);
    expect(result.errors).toMatchObject({
      jobTitle: 'Job title is required',
      department: 'Department is required',
      salaryRange: 'Salary range is required',
      numberOfPositions: 'Number of positions is required',
      applicationDeadline: 'Application deadline is required',
    });
    expect(result.errors).not.toHaveProperty('contactEmail');
  });

  it('accepts a complete admission request and splits nothing it should not', () => {
    const result = validateValues(contract, 'student', {
      ...blank('student', partner),
      courseName: 'BSc Nursing',
      degree: 'bachelor',
      department: 'Health',
      location: 'London',
      applicationDeadline: nextYear,
      courseDescription: 'Three years',
      eligibilityCriteria: 'A levels',
      totalSeats: '25',
      minimumGPA: '3.5',
    });
    expect(result.errors).toEqual({});
    expect(result.ok && result.data).toMatchObject({
      totalSeats: 25,
      numberOfPositions: 25,
      minimumGPA: 3.5,
    });
  });

  it('refuses seats that are not a whole number and a GPA with two decimals', () => {
    const result = validateValues(contract, 'student', {
      ...blank('student', partner),
      totalSeats: '2.5',
      minimumGPA: '3.25',
    });
    expect(result.errors.totalSeats).toBe('Total seats must be a whole number');
    expect(result.errors.minimumGPA).toBe('Minimum GPA can have one decimal place (step 0.1)');
  });

  it('splits comma-separated skills of a hiring request into a trimmed list', () => {
    const result = validateValues(contract, 'employee', {
      ...blank('employee', partner),
      jobTitle: 'Care Assistant',
      department: 'Operations',
      location: 'Leeds',
      applicationDeadline: nextYear,
      jobDescription: 'Day shifts',
      employmentType: 'full-time',
      salaryRange: '£24k',
      requiredQualifications: 'NVQ 2',
      requiredExperience: '1 year',
      skillsRequired: ' lifting, first aid ,, ',
      numberOfPositions: '3',
    });
    expect(result.errors).toEqual({});
    expect(result.ok && result.data).toMatchObject({ skillsRequired: ['lifting', 'first aid'] });
  });
});

describe('what the success view repeats of a sent request', () => {
  const day = (iso: string) => `day ${iso}`;

  it('lists the filled fields with their labels in the form order, options and dates as people read them', () => {
    const rows = sentSummary(
      'employee',
      {
        ...blank('employee', partner),
        jobTitle: 'Care Assistant',
        employmentType: 'full-time',
        applicationDeadline: '2027-06-30',
        jobDescription: 'Visits.\nNights too.',
        numberOfPositions: '3',
      },
      day,
    );
    expect(rows.map((r) => [r.label, r.value])).toEqual([
      ['Company Name', 'Acme Care'],
      ['Job Title', 'Care Assistant'],
      ['Employment Type', 'Full time'],
      ['Number of Positions', '3'],
      ['Application Deadline', 'day 2027-06-30'],
      ['Job Description', 'Visits.\nNights too.'],
      ['Contact Email', 'owner@acme.example'],
      ['Contact Phone', '+44 20 7946 0000'],
    ]);
    expect(rows.find((r) => r.field === 'jobDescription')?.long).toBe(true);
  });

  it("names the exam's date and details only when an exam is required, and the documents as a list", () => {
    const base = {
      ...blank('student', partner),
      degree: 'master',
      examDate: '2027-01-10',
      examDetails: 'Maths',
      requiredDocuments: ['Passport', 'CV'],
    };
    const fields = (v: typeof base & { entranceExamRequired: boolean }) =>
      Object.fromEntries(sentSummary('student', v, day).map((r) => [r.field, r.value]));
    expect(fields({ ...base, entranceExamRequired: false })).toMatchObject({
      degree: 'Master',
      requiredDocuments: 'Passport, CV',
    });
    expect(fields({ ...base, entranceExamRequired: false })).not.toHaveProperty('examDate');
    expect(fields({ ...base, entranceExamRequired: true })).toMatchObject({
      entranceExamRequired: 'Yes',
      examDate: 'day 2027-01-10',
      examDetails: 'Maths',
    });
  });
});
