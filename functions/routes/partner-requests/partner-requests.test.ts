import { env } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { mailTo, postJson, request } from '#functions/test/fixtures/index.ts';
import { bearer, verifiedPartner } from '../partner/partner.test-helpers.ts';

const json = async (res: Response) => await res.json<Record<string, any>>();
const future = new Date(Date.now() + 60 * 24 * 3600 * 1000).toISOString().slice(0, 10);

const admission = (o: Record<string, unknown> = {}) => ({
  type: 'student',
  companyName: 'Acme Learning Ltd',
  courseName: 'BSc Computer Science',
  degree: 'bachelor',
  department: 'Computing',
  duration: '3 years',
  courseDescription: 'A three-year programme.',
  eligibilityCriteria: 'A-levels or equivalent',
  admissionFee: '500',
  semesterFee: '4000',
  totalSeats: 30,
  numberOfPositions: 30,
  minimumGPA: 3.5,
  entranceExamRequired: false,
  examDate: '2030-01-01',
  examDetails: 'ignored',
  requiredDocuments: ['Passport', 'Academic Transcript'],
  location: 'Leeds',
  applicationDeadline: future,
  contactEmail: 'admissions@example.com',
  contactPhone: '020 7946 0200',
  ...o,
});

const hiring = (o: Record<string, unknown> = {}) => ({
  type: 'employee',
  companyName: 'Acme Learning Ltd',
  jobTitle: 'Care Assistant',
  department: 'Care',
  jobDescription: 'Support residents day to day.',
  employmentType: 'full-time',
  salaryRange: '£24,000 - £27,000',
  requiredQualifications: 'NVQ Level 2',
  requiredExperience: '1 year',
  skillsRequired: ' empathy, first aid ,, manual handling ',
  jobResponsibilities: 'Personal care',
  benefits: 'Pension',
  numberOfPositions: 4,
  location: 'York',
  applicationDeadline: future,
  contactEmail: 'hr@example.com',
  contactPhone: '020 7946 0201',
  ...o,
});

const submit = (token: string, body: unknown) => postJson('/api/hiringrequest/submit', body, bearer(token));

describe('POST /api/hiringrequest/submit', () => {
  it('stores an admission request against the authenticated partner, ignoring a partner id in the body', async () => {
    const { token, id } = await verifiedPartner();
    const other = await verifiedPartner();
    const res = await submit(
      token,
      admission({ partnerId: other.id, partner: other.id, entranceExamRequired: false }),
    );
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body).toMatchObject({
      success: true,
      message: 'Student admission request submitted successfully',
    });
    const row = await env.DB.prepare(
      'select partner_id, type, title, status, data from partner_requests where id = ?',
    )
      .bind(body.request._id)
      .first<Record<string, string>>();
    expect(row).toMatchObject({
      partner_id: id,
      type: 'student',
      title: 'BSc Computer Science',
      status: 'submitted',
    });
    const data = JSON.parse(row!.data!);
    expect(data).toMatchObject({
      totalSeats: 30,
      numberOfPositions: 30,
      minimumGPA: 3.5,
      degree: 'bachelor',
      requiredDocuments: ['Passport', 'Academic Transcript'],
    });
    // Exam date and details only when an entrance exam is required.
    expect(data.examDate).toBe('');
    expect(data.examDetails).toBe('');
    expect(data.partnerId).toBeUndefined();
  });

  it('keeps exam date and details when an entrance exam is required', async () => {
    const { token } = await verifiedPartner();
    const res = await submit(
      token,
      admission({ entranceExamRequired: true, examDate: '2030-02-03', examDetails: 'Maths paper' }),
    );
    expect(res.status).toBe(201);
    const row = await env.DB.prepare('select data from partner_requests where id = ?')
      .bind((await json(res)).request._id)
      .first<{ data: string }>();
    expect(JSON.parse(row!.data)).toMatchObject({
      entranceExamRequired: true,
      examDate: '2030-02-03',
      examDetails: 'Maths paper',
    });
  });

  it('stores a hiring request with skills as a trimmed list', async () => {
    const { token } = await verifiedPartner();
    const res = await submit(token, hiring());
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body).toMatchObject({ success: true, message: 'Employee hiring request submitted successfully' });
    const row = await env.DB.prepare('select title, type, data from partner_requests where id = ?')
      .bind(body.request._id)
      .first<{ title: string; type: string; data: string }>();
    expect(row).toMatchObject({ title: 'Care Assistant', type: 'employee' });
    expect(JSON.parse(row!.data).skillsRequired).toEqual(['empathy', 'first aid', 'manual handling']);
    // A list is accepted as well, trimmed the same way.
    const list = await submit(token, hiring({ skillsRequired: [' a ', 'b'] }));
    const listRow = await env.DB.prepare('select data from partner_requests where id = ?')
      .bind((await json(list)).request._id)
      .first<{ data: string }>();
    expect(JSON.parse(listRow!.data).skillsRequired).toEqual(['a', 'b']);
  });

  const admissionRequired: [string, string][] = [
    ['courseName', 'Course name is required'],
    ['department', 'Department is required'],
    ['totalSeats', 'Total seats is required'],
    ['location', 'Location is required'],
    ['applicationDeadline', 'Application deadline is required'],
    ['courseDescription', 'Course description is required'],
    ['eligibilityCriteria', 'Eligibility criteria is required'],
    ['contactEmail', 'Contact email is required'],
    ['contactPhone', 'Contact phone is required'],
    ['degree', 'Please choose a degree (bachelor, master, diploma or certificate)'],
  ];
  it('refuses an admission request missing any required field, each with its message', async () => {
    const { token, id } = await verifiedPartner();
    for (const [field, message] of admissionRequired) {
      const { [field]: _gone, ...rest } = admission() as Record<string, unknown>;
      const res = await submit(token, rest);
      expect(res.status, field).toBe(400);
      expect((await json(res)).message, field).toBe(message);
    }
    const count = await env.DB.prepare('select count(*) as n from partner_requests where partner_id = ?')
      .bind(id)
      .first<{ n: number }>();
    expect(count!.n).toBe(0);
  });

  const hiringRequired: [string, string][] = [
    ['jobTitle', 'Job title is required'],
    ['department', 'Department is required'],
    ['employmentType', 'Please choose an employment type (full-time, part-time, contract or internship)'],
    ['salaryRange', 'Salary range is required'],
    ['numberOfPositions', 'Number of positions is required'],
    ['location', 'Location is required'],
    ['applicationDeadline', 'Application deadline is required'],
    ['requiredExperience', 'Required experience is required'],
    ['jobDescription', 'Job description is required'],
    ['requiredQualifications', 'Required qualifications is required'],
    ['contactEmail', 'Contact email is required'],
    ['contactPhone', 'Contact phone is required'],
  ];
  it('refuses a hiring request missing any required field, each with its message', async () => {
    const { token } = await verifiedPartner();
    for (const [field, message] of hiringRequired) {
      const { [field]: _gone, ...rest } = hiring() as Record<string, unknown>;
      const res = await submit(token, rest);
      expect(res.status, field).toBe(400);
      expect((await json(res)).message, field).toBe(message);
    }
  });

  it('checks bounds: GPA 0 to 5 in steps of 0.1, at least one seat or position, known options, no past deadline', async () => {
    const { token } = await verifiedPartner();
    const cases: [unknown, string][] = [
      [admission({ minimumGPA: 5.1 }), 'Minimum GPA must be between 0 and 5'],
      [admission({ minimumGPA: -0.1 }), 'Minimum GPA must be between 0 and 5'],
      [admission({ minimumGPA: 3.55 }), 'Minimum GPA can have one decimal place (step 0.1)'],
      [admission({ totalSeats: 0 }), 'Total seats must be at least 1'],
      [hiring({ numberOfPositions: 0 }), 'Number of positions must be at least 1'],
      [hiring({ numberOfPositions: 2.5 }), 'Number of positions must be a whole number'],
      [admission({ degree: 'phd' }), 'Please choose a degree (bachelor, master, diploma or certificate)'],
      [
        hiring({ employmentType: 'gig' }),
        'Please choose an employment type (full-time, part-time, contract or internship)',
      ],
      [hiring({ contactEmail: 'nope' }), 'Invalid email format'],
      [hiring({ applicationDeadline: '2001-01-01' }), 'Application deadline cannot be in the past'],
      [{ ...hiring(), type: 'intern' }, "type must be 'student' or 'employee'"],
    ];
    for (const [body, message] of cases) {
      const res = await submit(token, body);
      expect(res.status, message).toBe(400);
      expect((await json(res)).message).toBe(message);
    }
    expect((await submit(token, admission({ minimumGPA: 0 }))).status).toBe(201);
    expect((await submit(token, admission({ minimumGPA: 5 }))).status).toBe(201);
    expect((await submit(token, admission({ minimumGPA: null }))).status).toBe(201);
  });

  it('requires a partner token', async () => {
    expect((await postJson('/api/hiringrequest/submit', hiring())).status).toBe(401);
  });

  it("refuses a suspended partner's requests", async () => {
    const { token, id } = await verifiedPartner();
    await env.DB.prepare("update partners set approval_status = 'suspended' where id = ?").bind(id).run();
    const res = await submit(token, hiring());
    expect(res.status).toBe(403);
  });
});

describe('the confirmation e-mail to the partner', () => {
  const received = async (to: string) =>
    (await mailTo(to)).filter((m) => /^We received your/.test(m.subject));

  it('e-mails the account what was sent, when, what happens next and where to follow it', async () => {
    const { reg, token } = await verifiedPartner();
    const contact = `hiring-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const res = await submit(
      token,
      hiring({ jobTitle: 'Night Care Assistant', numberOfPositions: 3, contactEmail: contact }),
    );
    expect(res.status).toBe(201);
    const { request: sent } = await json(res);

    const [mail, ...others] = await received(reg.ownerEmail);
    expect(others).toEqual([]);
    expect(mail!.subject).toBe('We received your hiring request: Night Care Assistant');
    expect(mail!.text).toContain(
      'Hello Olivia, thank you: we received the employee hiring request of Acme Learning Ltd for Night Care Assistant.',
    );
    expect(mail!.text).toContain('Positions: 3');
    expect(mail!.text).toContain('Location: York');
    expect(mail!.text).toMatch(/Application deadline: \d{1,2} \w+ \d{4}/);
    expect(mail!.text).toContain(`Contact: ${contact}, 020 7946 0201`);
    expect(mail!.text).toMatch(/Sent: \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC/);
    expect(mail!.text).toContain(
      'What happens next: Our team reviews your request, usually within two working days.',
    );
    expect(mail!.text).toContain(`http://127.0.0.1:8787/partnerdashboard#timeline-${sent._id}`);
    // The contact address is what the partner typed, not an address we checked: it gets nothing.
    expect(await mailTo(contact)).toEqual([]);
  });

  it('names an admission request by its course, with its seats', async () => {
    const { reg, token } = await verifiedPartner({ ownerFirstName: 'Ngozi' });
    expect((await submit(token, admission({ courseName: 'MSc Nursing', totalSeats: 12 }))).status).toBe(201);
    const [mail] = await received(reg.ownerEmail);
    expect(mail!.subject).toBe('We received your admission request: MSc Nursing');
    expect(mail!.text).toContain(
      'Hello Ngozi, thank you: we received the student admission request of Acme Learning Ltd for MSc Nursing.',
    );
    expect(mail!.text).toContain('Seats: 12');
  });

  it('sends nothing for a refused request', async () => {
    const { reg, token } = await verifiedPartner();
    expect((await submit(token, hiring({ jobTitle: '' }))).status).toBe(400);
    expect(await received(reg.ownerEmail)).toEqual([]);
  });
});

describe('GET /api/partner/requests', () => {
  it("lists only the partner's own requests, newest first, with status and date", async () => {
    const a = await verifiedPartner();
    const b = await verifiedPartner();
    await submit(a.token, admission({ courseName: 'First' }));
    await new Promise((r) => setTimeout(r, 5));
    await submit(a.token, hiring({ jobTitle: 'Second' }));
    await submit(b.token, hiring({ jobTitle: 'Not yours' }));
    const res = await request('/api/partner/requests', { headers: bearer(a.token) });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.requests.map((r: { title: string }) => r.title)).toEqual(['Second', 'First']);
    expect(body.requests[0]).toMatchObject({ type: 'employee', status: 'submitted' });
    expect(Date.parse(body.requests[0].createdAt)).not.toBeNaN();
  });
});
