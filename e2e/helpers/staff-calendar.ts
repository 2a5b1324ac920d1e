import type { Page, Route } from '@playwright/test';
import type {
  BookingPeople,
  CalendarResponse,
  CounsellorList,
  CounsellorRow,
  MeetingPerson,
  StaffBookingInput,
} from '#schemas/admin/counsellors.ts';
import type { BookedResponse, Slot, SlotsResponse } from '#schemas/consultations.ts';

// The back office's consultations calendar (site/islands/admin/ConsultationCalendar.tsx and its
// "Book a consultation" dialog) with a fixed week, for the screen states: the browser's clock is
// Monday 1 March 2027, 08:00 UTC, and the calendar's endpoints answer from the meetings below, which
// the page's own requests change (held, notes, reassigned, booked). The Worker's clock is the real
// one, so the real endpoints offer times and hold meetings that move with the day, and their rows
// are whatever every other spec booked: pictures of them would differ from run to run. What the
// endpoints themselves do is the API tests' (functions/routes/admin) and the browser tests' that
// book through them (e2e/consultation-on-behalf.spec.ts, e2e/states/consultation-staff.spec.ts).

/** The browser's "now" in these states: a Monday morning, the week's first meeting already held. */
export const CALENDAR_NOW = new Date('2027-03-01T08:00:00Z');

type Meeting = CalendarResponse['meetings'][number];

const counsellor = (
  id: string,
  name: string,
  officeId: string,
  modes: CounsellorRow['modes'],
  topics: CounsellorRow['topics'],
): CounsellorRow => ({
  id,
  name,
  staffId: null,
  email: `${id.replace('-', '.')}@example.com`,
  modes,
  topics,
  videoLink: `https://meet.example.com/bridgeway-${id}`,
  meetingMinutes: 30,
  bufferMinutes: 15,
  minNoticeMinutes: 720,
  bookingWindowDays: 56,
  isActive: true,
  editorsMayEdit: false,
  hours: [1, 2, 3, 4, 5].map((weekday) => ({ officeId, weekday, startMinute: 540, endMinute: 1050 })),
});

const OFFICES: CounsellorList['offices'] = [
  { id: 'united-kingdom-office', name: 'United Kingdom Office', city: 'London', timeZone: 'Europe/London' },
  { id: 'bangladesh-office', name: 'Bangladesh Office', city: 'Dhaka', timeZone: 'Asia/Dhaka' },
  { id: 'nigeria-office', name: 'Nigeria Office', city: 'Lagos', timeZone: 'Africa/Lagos' },
];

const COUNSELLORS: CounsellorList = {
  success: true,
  counsellors: [
    counsellor(
      'amelia-hughes',
      'Amelia Hughes',
      'united-kingdom-office',
      ['in_person', 'video', 'phone'],
      ['study', 'work'],
    ),
    counsellor(
      'rahim-chowdhury',
      'Rahim Chowdhury',
      'bangladesh-office',
      ['in_person', 'video', 'phone'],
      ['study', 'partner'],
    ),
    counsellor(
      'chiamaka-okafor',
      'Chiamaka Okafor',
      'nigeria-office',
      ['video', 'phone'],
      ['work', 'partner', 'study'],
    ),
  ],
  offices: OFFICES,
  canManage: true,
};

const meeting = (
  id: string,
  start: string,
  counsellorId: string,
  name: string,
  rest: Partial<Meeting> = {},
): Meeting => ({
  id,
  counsellorId,
  officeId: 'united-kingdom-office',
  mode: 'video',
  topic: 'study',
  start,
  end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
  status: 'booked',
  name,
  email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
  phone: '+44 20 7946 0000',
  notes: null,
  ...rest,
});

/** The week of 1–7 March 2027: one meeting held before "now", the rest to come, one cancelled. */
const weekOfMeetings = (): Meeting[] => [
  meeting('m-held', '2027-03-01T07:00:00.000Z', 'amelia-hughes', 'Grace Mwangi', {
    status: 'held',
    notes: 'Wants a nursing degree; send the Leeds and Cardiff pages.',
  }),
  meeting('m-tomas', '2027-03-02T10:00:00.000Z', 'amelia-hughes', 'Tomás Calendar'),
  meeting('m-ifeoma', '2027-03-02T14:00:00.000Z', 'amelia-hughes', 'Ifeoma Reassign', { mode: 'phone' }),
  meeting('m-rahim', '2027-03-03T05:00:00.000Z', 'rahim-chowdhury', 'Nusrat Jahan', {
    officeId: 'bangladesh-office',
    mode: 'in_person',
    phone: '+880 1712 345678',
  }),
  meeting('m-cancelled', '2027-03-04T11:00:00.000Z', 'chiamaka-okafor', 'Chidi Eze', {
    officeId: 'nigeria-office',
    topic: 'work',
    status: 'cancelled',
    phone: '+234 803 123 4567',
  }),
];

/** What the person behind Ifeoma's meeting has done with us: an account, an application, an earlier meeting. */
const PERSON: MeetingPerson = {
  success: true,
  earlier: [
    {
      id: 'm-earlier',
      start: '2027-02-15T11:00:00.000Z',
      status: 'held',
      counsellor: 'Rahim Chowdhury',
      notes: 'Asked about nursing in Leeds.',
    },
  ],
  accounts: [
    {
      type: 'student',
      id: 's-ifeoma',
      name: 'Ifeoma Reassign',
      applications: [
        {
          id: 'a-1',
          title: 'BSc Nursing (Adult), University of Leeds',
          status: 'Submitted',
          href: '/admin/applications/a-1',
        },
      ],
      documents: [{ id: 'd-1', type: 'Passport', name: 'passport.pdf' }],
    },
  ],
};

/** Amelia's free times at the London office on a weekday, as UTC (London keeps GMT in March). */
const FREE_TIMES = ['09:00', '09:45', '10:30', '11:15', '13:30', '15:00'];

/** The calendar's endpoints, answered from a fixed week; `taken` is the time a quicker caller takes. */
export class FixedStaffCalendar {
  readonly meetings = weekOfMeetings();
  /** Times taken since the page opened: no longer offered. */
  private readonly taken = new Set<string>();
  /** The next booking's time is taken by someone else first (the dialog's 409). */
  takeNextBooking = false;

  async install(page: Page) {
    await page.clock.setFixedTime(CALENDAR_NOW);
    await page.route(
      (url) => url.pathname.startsWith('/api/admin/counsellors'),
      (route) => this.answer(route),
    );
  }

  private async answer(route: Route) {
    const request = route.request();
    const url = new URL(request.url());
    const path = url.pathname.slice('/api/admin/counsellors'.length);
    const method = request.method();
    const body = () => request.postDataJSON() as Record<string, unknown>;
    if (method === 'GET' && path === '') return route.fulfill({ json: COUNSELLORS });
    if (method === 'GET' && path === '/calendar') {
      const from = url.searchParams.get('from')!;
      const to = url.searchParams.get('to')!;
      const who = url.searchParams.get('counsellor');
      const json: CalendarResponse = {
        success: true,
        meetings: this.meetings
          .filter((m) => m.start.slice(0, 10) >= from && m.start.slice(0, 10) <= to)
          .filter((m) => !who || m.counsellorId === who)
          .sort((a, b) => a.start.localeCompare(b.start)),
      };
      return route.fulfill({ json });
    }
    if (method === 'GET' && path === '/people') {
      const json: BookingPeople = { success: true, people: [] };
      return route.fulfill({ json });
    }
    if (method === 'GET' && path === '/slots') return route.fulfill({ json: this.slots(url.searchParams) });
    if (method === 'POST' && path === '/meetings')
      return this.book(route, request.postDataJSON() as StaffBookingInput);
    const one = /^\/meetings\/([^/]+)(\/person|\/reassign)?$/.exec(path);
    const found = one && this.meetings.find((m) => m.id === decodeURIComponent(one[1]!));
    if (found && method === 'GET' && one[2] === '/person') return route.fulfill({ json: PERSON });
    if (found && method === 'POST' && one[2] === '/reassign') {
      found.counsellorId = String(body().counsellorId);
      return route.fulfill({ json: { success: true } });
    }
    if (found && method === 'PATCH' && !one[2]) {
      const { status, notes } = body() as Partial<Pick<Meeting, 'status' | 'notes'>>;
      if (status) found.status = status;
      if (notes !== undefined) found.notes = notes;
      return route.fulfill({ json: { success: true } });
    }
    return route.fulfill({
      status: 404,
      json: { success: false, message: `No fixed answer for ${method} ${url.pathname}` },
    });
  }

  /** A weekday's free times, after the 12 hours' notice and without those taken. */
  private slots(params: URLSearchParams): SlotsResponse {
    const date = params.get('from')!;
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    const office = params.get('office') ?? 'united-kingdom-office';
    const starts =
      weekday === 0 || weekday === 6 || office !== 'united-kingdom-office'
        ? []
        : FREE_TIMES.map((time) => `${date}T${time}:00.000Z`).filter(
            (start) => Date.parse(start) >= CALENDAR_NOW.getTime() + 12 * 3_600_000 && !this.taken.has(start),
          );
    return {
      success: true,
      timeZone: params.get('tz') ?? 'UTC',
      slots: starts.map((start) => ({
        start,
        end: new Date(Date.parse(start) + 30 * 60_000).toISOString(),
        office,
        mode: (params.get('mode') ?? 'video') as Slot['mode'],
      })),
      offices: OFFICES.filter((o) => o.id === office).map((o) => ({
        ...o,
        address: o.id === 'united-kingdom-office' ? 'Aldgate, London' : o.city,
      })),
    };
  }

  private book(route: Route, body: StaffBookingInput) {
    const { start } = body;
    if (this.takeNextBooking || this.taken.has(start)) {
      this.takeNextBooking = false;
      this.taken.add(start);
      return route.fulfill({
        status: 409,
        json: { success: false, message: 'That time has just been taken. Please choose another.' },
      });
    }
    this.taken.add(start);
    const counsellorId = body.counsellor ?? 'amelia-hughes';
    const booked = meeting(`m-${this.meetings.length + 1}`, start, counsellorId, body.name, {
      email: body.email,
      phone: body.phone,
      officeId: body.office ?? 'united-kingdom-office',
    });
    this.meetings.push(booked);
    const json: BookedResponse = {
      success: true,
      message: 'Booked.',
      consultation: {
        id: booked.id,
        start: booked.start,
        end: booked.end,
        status: 'booked',
        counsellor: { name: COUNSELLORS.counsellors.find((c) => c.id === counsellorId)!.name },
      },
      manageUrl: `/consultation/${booked.id}?t=token`,
    };
    return route.fulfill({ status: 201, json });
  }
}
