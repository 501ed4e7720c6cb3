import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRIVACY_NOTICE_VERSION } from '../../../src/shared/site/privacy-notice';
import { answerMessages } from '../../../src/shared/questions/question-contract';
import { toDataUrl, validPdf } from '../../support/pdf-fixtures';
import { buildTestApp, type TestApp } from '../../support/build-app';
import { sampleJob } from '../../support/test-server';

let server: TestApp;
let token: string;
let cvBytes: Buffer;
let counter = 0;

/** One question of each type, as HR would ask them for a multilingual call-centre role. */
const questions = [
  {
    id: 'right-to-work',
    type: 'yes-no',
    label: 'Do you have the right to work in the UK?',
    purpose: 'We must check it before anyone starts.',
    required: true,
    knockOut: {
      answers: ['no'],
      message:
        'Thank you for your interest. We can only consider applicants who already have the right to work in the UK.',
    },
  },
  {
    id: 'shift',
    type: 'one-of',
    label: 'Which shift suits you?',
    purpose: 'We staff the phones from 8am to 8pm.',
    required: true,
    options: ['Early', 'Late', 'Either'],
  },
  {
    id: 'languages',
    type: 'several-of',
    label: 'Which languages do you speak?',
    purpose: 'Our customers are served in these languages.',
    options: ['Urdu', 'Bengali', 'Arabic', 'Punjabi', 'Hindi'],
  },
  {
    id: 'notice',
    type: 'short-text',
    label: 'What is your notice period?',
    purpose: 'To plan a start date.',
    required: true,
  },
  {
    id: 'why',
    type: 'long-text',
    label: 'Tell us about a customer you helped.',
    purpose: 'To see how you explain things.',
  },
  {
    id: 'years',
    type: 'number',
    label: 'How many years have you worked with customers?',
    purpose: 'To place you on the right training.',
  },
  {
    id: 'start',
    type: 'date',
    label: 'When could you start?',
    purpose: 'To plan the next intake.',
  },
];

const goodAnswers = {
  'right-to-work': true,
  shift: 'Late',
  languages: ['Urdu', 'Punjabi'],
  notice: 'Four weeks',
  why: 'A customer was overcharged on renewal.\nI found them a cheaper quote.',
  years: 3,
  start: '2027-01-04',
};

const application = (jobId: string, extra: Record<string, unknown> = {}) => ({
  name: 'Priya Patel',
  email: `priya.${++counter}@example.com`,
  phone: '07700 900456',
  number: '07700 900456',
  pdfFile: toDataUrl(cvBytes),
  about: 'I would like to apply.',
  jobTitle: 'x',
  jobName: 'x',
  jobId,
  privacyNoticeVersion: PRIVACY_NOTICE_VERSION,
  ...extra,
});

const apply = (body: Record<string, unknown>) => server.api('POST', '/applications', { body });
const count = async () => (await server.api('GET', '/applications', { token })).body.length as number;

async function createJob(body: Record<string, unknown>): Promise<string> {
  const created = await server.api('POST', '/post', { token, body: sampleJob(body) });
  expect(created.status).toBe(201);
  return created.body.insertedId as string;
}
const publicJob = async (id: string) => (await server.api('GET', `/single/${id}`)).body;

beforeAll(async () => {
  server = await buildTestApp();
  token = await server.adminToken();
  cvBytes = await validPdf('Priya Patel - Curriculum Vitae');
});
afterAll(async () => {
  await server?.stop();
});

describe('questions per job', () => {
  it('a job asks its questions, with their purpose, and an application answering every type is stored with the answers', async () => {
    const jobId = await createJob({ questions });
    const job = await publicJob(jobId);
    expect(job.questionSetId).toEqual(expect.any(String));
    expect(job.questions.map((question: { id: string; purpose: string }) => question.id)).toEqual(
      questions.map((question) => question.id),
    );
    expect(job.questions[0]).toMatchObject({
      purpose: 'We must check it before anyone starts.',
      required: true,
    });

    const saved = await apply(application(jobId, { questionSetId: job.questionSetId, answers: goodAnswers }));
    expect(saved.status).toBe(201);
    const detail = await server.api('GET', `/applications/${saved.body.insertedId}`, { token });
    expect(detail.body.answers).toEqual([
      { id: 'right-to-work', label: questions[0]!.label, type: 'yes-no', answer: true },
      { id: 'shift', label: questions[1]!.label, type: 'one-of', answer: 'Late' },
      { id: 'languages', label: questions[2]!.label, type: 'several-of', answer: ['Urdu', 'Punjabi'] },
      { id: 'notice', label: questions[3]!.label, type: 'short-text', answer: 'Four weeks' },
      { id: 'why', label: questions[4]!.label, type: 'long-text', answer: goodAnswers.why },
      { id: 'years', label: questions[5]!.label, type: 'number', answer: 3 },
      { id: 'start', label: questions[6]!.label, type: 'date', answer: '2027-01-04' },
    ]);

    // The applicant's data export carries the answers too.
    const exported = await server.api('GET', `/applicants/${encodeURIComponent(detail.body.email)}/export`, {
      token,
    });
    expect(exported.status).toBe(200);
    expect(exported.body.applications[0].answers).toEqual(detail.body.answers);
  });

  it('refuses an answer of the wrong type, a missing required answer and an answer to no question, with a 400 naming the question', async () => {
    const jobId = await createJob({ questions });
    const before = await count();
    const wrong: [string, unknown, string][] = [
      ['right-to-work', 'yes', answerMessages.yesNo(questions[0]!.label)],
      ['shift', 'Nights', answerMessages.oneOf(questions[1]!.label)],
      ['languages', 'Urdu', answerMessages.severalOf(questions[2]!.label)],
      ['languages', ['Urdu', 'Klingon'], answerMessages.severalOf(questions[2]!.label)],
      ['notice', 4, answerMessages.text(questions[3]!.label, 200)],
      ['notice', 'four\nweeks', answerMessages.text(questions[3]!.label, 200)],
      ['why', 'x'.repeat(5001), answerMessages.text(questions[4]!.label, 5000)],
      ['years', '3', answerMessages.number(questions[5]!.label)],
      ['start', '04/01/2027', answerMessages.date(questions[6]!.label)],
      ['start', '2027-02-30', answerMessages.date(questions[6]!.label)],
    ];
    for (const [id, value, message] of wrong) {
      const refused = await apply(application(jobId, { answers: { ...goodAnswers, [id]: value } }));
      expect(refused.status, `${id}: ${JSON.stringify(value)}`).toBe(400);
      expect(refused.body).toEqual({ message, errors: [{ path: `answers.${id}`, message }] });
    }

    const { notice: _notice, ...withoutNotice } = goodAnswers;
    const missing = await apply(application(jobId, { answers: withoutNotice }));
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please answer "What is your notice period?".');

    const unknown = await apply(application(jobId, { answers: { ...goodAnswers, pets: 'A cat' } }));
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe(answerMessages.unknown('pets'));
    expect(unknown.body.errors).toEqual([{ path: 'answers.pets', message: answerMessages.unknown('pets') }]);

    const notAnObject = await apply(application(jobId, { answers: ['Late'] }));
    expect(notAnObject.status).toBe(400);
    expect(notAnObject.body.message).toBe('Answers must be an object keyed by question id.');

    const noSuchVersion = await apply(
      application(jobId, { questionSetId: '00000000-0000-4000-8000-000000000000', answers: goodAnswers }),
    );
    expect(noSuchVersion.status).toBe(400);
    expect(noSuchVersion.body.message).toBe(answerMessages.staleQuestions);
    const notAnId = await apply(application(jobId, { questionSetId: 'v1', answers: goodAnswers }));
    expect(notAnId.status).toBe(400);

    expect(await count()).toBe(before);
  });

  it('a knock-out answer gets the job’s polite reply, and nothing is stored', async () => {
    const jobId = await createJob({ questions });
    const before = await count();
    const knocked = await apply(application(jobId, { answers: { ...goodAnswers, 'right-to-work': false } }));
    expect(knocked.status).toBe(422);
    expect(knocked.body).toEqual({ message: questions[0]!.knockOut!.message });
    expect(await count()).toBe(before);
  });

  it('a live edit of the questions does not break an application whose form was opened before it', async () => {
    const jobId = await createJob({ questions: questions.slice(0, 2) });
    const opened = await publicJob(jobId);

    // HR renames a question, drops one and adds a required one while the applicant is typing.
    const edited = await server.api('PUT', `/post/${jobId}`, {
      token,
      body: {
        questions: [
          { ...questions[0], label: 'Can you show you may work in the UK?' },
          {
            id: 'licence',
            type: 'yes-no',
            label: 'Do you hold a full UK driving licence?',
            purpose: 'The role visits customers.',
            required: true,
          },
        ],
      },
    });
    expect(edited.status).toBe(200);
    const now = await publicJob(jobId);
    expect(now.questionSetId).not.toBe(opened.questionSetId);

    const answers = { 'right-to-work': true, shift: 'Early' };
    const late = await apply(application(jobId, { questionSetId: opened.questionSetId, answers }));
    expect(late.status).toBe(201);
    const detail = await server.api('GET', `/applications/${late.body.insertedId}`, { token });
    expect(detail.body.answers.map((answer: { label: string }) => answer.label)).toEqual([
      'Do you have the right to work in the UK?',
      'Which shift suits you?',
    ]);

    // A form opened now asks the new questions.
    const fresh = await apply(application(jobId, { questionSetId: now.questionSetId, answers }));
    expect(fresh.status).toBe(400);
    expect(fresh.body.errors).toEqual([
      { path: 'answers.shift', message: answerMessages.unknown('shift') },
      { path: 'answers.licence', message: 'Please answer "Do you hold a full UK driving licence?".' },
    ]);

    // Saving the same questions again keeps their version.
    await server.api('PUT', `/post/${jobId}`, { token, body: { questions: now.questions } });
    expect((await publicJob(jobId)).questionSetId).toBe(now.questionSetId);
  });

  it('the specification’s body without answers still works for a job without required questions', async () => {
    const plain = await createJob({});
    expect((await publicJob(plain)).questions).toEqual([]);
    const { privacyNoticeVersion: _version, ...specBody } = application(plain);
    expect((await apply(specBody)).status).toBe(201);

    const optional = await createJob({ questions: [questions[2]] });
    expect((await apply(application(optional))).status).toBe(201);

    const required = await createJob({ questions: [questions[1]] });
    const refused = await apply(application(required));
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Please answer "Which shift suits you?".');
  });

  it('a multipart application carries its answers as one JSON part, checked the same way', async () => {
    const jobId = await createJob({ questions });
    const job = await publicJob(jobId);
    const form = (answers: unknown) => {
      const body = new FormData();
      const { pdfFile: _cv, ...fields } = application(jobId, { questionSetId: job.questionSetId });
      for (const [name, value] of Object.entries(fields)) body.append(name, String(value));
      body.append('answers', JSON.stringify(answers));
      body.append('pdfFile', new Blob([new Uint8Array(cvBytes)], { type: 'application/pdf' }), 'cv.pdf');
      return body;
    };
    const saved = await server.api('POST', '/applications', { body: form(goodAnswers) });
    expect(saved.status).toBe(201);
    const detail = await server.api('GET', `/applications/${saved.body.insertedId}`, { token });
    expect(detail.body.answers).toHaveLength(7);

    const refused = await server.api('POST', '/applications', {
      body: form({ ...goodAnswers, years: 'three' }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(answerMessages.number(questions[5]!.label));
    const knocked = await server.api('POST', '/applications', {
      body: form({ ...goodAnswers, 'right-to-work': false }),
    });
    expect(knocked.status).toBe(422);
  });

  it('the list filters by an answer: "speaks Urdu", and yes or no', async () => {
    const jobId = await createJob({ questions });
    const speakers = new Map<string, string[]>([
      ['urdu-and-hindi', ['Urdu', 'Hindi']],
      ['bengali', ['Bengali']],
      ['none', []],
    ]);
    const ids = new Map<string, string>();
    for (const [label, languages] of speakers) {
      const saved = await apply(application(jobId, { answers: { ...goodAnswers, languages } }));
      expect(saved.status).toBe(201);
      ids.set(label, saved.body.insertedId);
    }
    const filtered = async (query: string) => {
      const answer = await server.api('GET', `/applications?${query}`, { token });
      expect(answer.status).toBe(200);
      // Other tests' applications answer the same question ids: only this test's count here.
      const mine = new Set(ids.values());
      return (answer.body as { _id: string }[]).map((row) => row._id).filter((id) => mine.has(id));
    };
    expect(await filtered('question=languages&answer=urdu')).toEqual([ids.get('urdu-and-hindi')]);
    expect(await filtered('question=languages&answer=Bengali')).toEqual([ids.get('bengali')]);
    expect(await filtered('question=shift&answer=Late')).toEqual(expect.arrayContaining([...ids.values()]));
    expect(await filtered('question=right-to-work&answer=yes')).toEqual(
      expect.arrayContaining([...ids.values()]),
    );
    expect(await filtered('question=right-to-work&answer=no')).toEqual([]);

    const half = await server.api('GET', '/applications?question=languages', { token });
    expect(half.status).toBe(400);
    expect(half.body.message).toBe('Filter by an answer with both question and answer.');
    expect((await server.api('GET', '/applications?question=languages&answer=urdu')).status).toBe(401);
  });
});

describe('the question editor', () => {
  it('refuses health and disability wording, saying why, on create and on edit, and keeps what was saved', async () => {
    for (const question of [
      { label: 'Do you have any health conditions?', purpose: 'To plan the work.' },
      { label: 'Have you taken sick leave in the last year?', purpose: 'Attendance matters.' },
      { label: 'Are you able to do the job?', purpose: 'In case you have a Disability.' },
    ]) {
      const refused = await server.api('POST', '/post', {
        token,
        body: sampleJob({ questions: [{ type: 'yes-no', ...question }] }),
      });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/reads as a question about health or disability/);
      expect(refused.body.message).toMatch(/adjustments or for equality monitoring/);
    }
    const choice = await server.api('POST', '/post', {
      token,
      body: sampleJob({
        questions: [
          {
            type: 'one-of',
            label: 'How do you travel?',
            purpose: 'The office is out of town.',
            options: ['Car', 'Bus', 'Wheelchair-accessible taxi'],
          },
        ],
      }),
    });
    expect(choice.status).toBe(400);
    expect(choice.body.message).toMatch(/^A choice uses "Wheelchair"/);

    const jobId = await createJob({ questions: [questions[1]] });
    const edit = await server.api('PUT', `/post/${jobId}`, {
      token,
      body: {
        jobTitle: 'Renamed',
        questions: [
          { type: 'short-text', label: 'Any medication we should know about?', purpose: 'Safety.' },
        ],
      },
    });
    expect(edit.status).toBe(400);
    const kept = await publicJob(jobId);
    expect(kept.jobTitle).toBe('Customer Service Advisor');
    expect(kept.questions.map((question: { id: string }) => question.id)).toEqual(['shift']);
  });

  it('accepts questions about what the role needs, including words that only contain a listed one', async () => {
    const jobId = await createJob({
      questions: [
        {
          type: 'yes-no',
          label: 'Can you work in our operations team on weekend shifts?',
          purpose: 'Our phones open on Saturdays (billing and skills checks).',
        },
      ],
    });
    expect((await publicJob(jobId)).questions).toHaveLength(1);
  });

  it('checks each question: list questions need choices, knock-outs need a closed answer and a reply', async () => {
    const refusals: [Record<string, unknown>, string][] = [
      [{ type: 'one-of', options: ['Only one'] }, 'A list question needs at least two choices.'],
      [{ type: 'short-text', options: ['A', 'B'] }, 'Only list questions have choices.'],
      [
        { type: 'short-text', knockOut: { answers: ['no'], message: 'Sorry.' } },
        'Only yes-or-no and list questions can be knock-outs.',
      ],
      [
        { type: 'yes-no', knockOut: { answers: ['maybe'], message: 'Sorry.' } },
        'A knock-out answer must be one of the question’s own answers.',
      ],
      [
        { type: 'yes-no', knockOut: { answers: ['no'], message: ' ' } },
        'A knock-out needs the reply the applicant gets.',
      ],
      [
        { type: 'essay' },
        "A question's type must be one of yes-no, one-of, several-of, short-text, long-text, number, date.",
      ],
      [{ type: 'yes-no', purpose: '' }, 'Why we ask is required.'],
    ];
    for (const [question, message] of refusals) {
      const refused = await server.api('POST', '/post', {
        token,
        body: sampleJob({ questions: [{ label: 'A question?', purpose: 'A reason.', ...question }] }),
      });
      expect(refused.status, message).toBe(400);
      expect(refused.body.message).toBe(message);
    }
  });
});
