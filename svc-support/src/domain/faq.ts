import { randomUUID } from 'node:crypto';
import { support } from '@kinfolio/contracts';
import { badRequest, type Knex, notFound, type ServiceContext } from '@kinfolio/service-kit';
import type { z } from 'zod';
import {
  type FaqAnswerRow,
  type FaqTopicRow,
  findAnswer,
  findTopic,
  listAnswers,
  listTopics,
  searchAnswers,
} from '../data/faq.repository';
import { sanitizeRichHtml, searchableText } from './html';

const iso = (v: Date | string) => new Date(v).toISOString();

/** Output is sanitised again, so a row written before a policy change (or by hand) is still inert. */
const toAnswer = (r: FaqAnswerRow) => ({
  id: r.id,
  faq_topic_id: r.faq_topic_id,
  question: sanitizeRichHtml(r.question),
  answer: sanitizeRichHtml(r.answer),
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});
const toTopic = (r: FaqTopicRow) => ({
  id: r.id,
  title: r.title,
  createdAt: iso(r.created_at),
  updatedAt: iso(r.updated_at),
});

function assemble(topics: FaqTopicRow[], answers: FaqAnswerRow[], onlyWithAnswers: boolean): support.Faq[] {
  const byTopic = new Map<string, FaqAnswerRow[]>();
  for (const a of answers) byTopic.set(a.faq_topic_id, [...(byTopic.get(a.faq_topic_id) ?? []), a]);
  return topics
    .filter((t) => !onlyWithAnswers || byTopic.has(t.id))
    .map((t) => ({ ...toTopic(t), FAQAnswers: (byTopic.get(t.id) ?? []).map(toAnswer) }));
}

// ---- cache: answers per keyword, invalidated on every write by a version number kept in the shared cache ----
const VERSION_KEY = 'support:faq:version';
const MAX_ENTRIES = 500;
const memo = new WeakMap<ServiceContext, Map<string, support.Faq[]>>();

async function version(ctx: ServiceContext): Promise<string> {
  try {
    return (await ctx.ports.cache.get(VERSION_KEY)) ?? '0';
  } catch {
    return `nocache-${Date.now()}`;
  }
}

async function invalidate(ctx: ServiceContext): Promise<void> {
  memo.get(ctx)?.clear();
  await ctx.ports.cache
    .incr(VERSION_KEY, 10 * 365 * 24 * 3600)
    .catch((err: unknown) => ctx.logger.warn({ err }, 'faq cache version bump failed'));
}

/**
 * user/faq: every topic with its answers, or, with a keyword of 3 characters or more (spec §5), the topics whose
 * title or answers match, with only the matching answers (all of them when the title matches).
 */
export async function searchFaq(
  ctx: ServiceContext,
  rawKeyword: string | undefined,
  useCache = true,
): Promise<support.Faq[]> {
  const keyword = (rawKeyword ?? '').trim().toLowerCase().replace(/\s+/g, ' ');
  const filtered = keyword.length >= support.FAQ_KEYWORD_MIN;
  const ver = useCache ? await version(ctx) : '';
  const cacheKey = `${ver}|${filtered ? keyword : ''}`;
  let cache = memo.get(ctx);
  const hit = useCache ? cache?.get(cacheKey) : undefined;
  if (hit) return hit;
  const topics = await listTopics(ctx.db);
  let result: support.Faq[];
  if (!filtered) result = assemble(topics, await listAnswers(ctx.db), false);
  else {
    const matched = await searchAnswers(ctx.db, keyword);
    const titleHits = new Set(topics.filter((t) => t.title_lc.includes(keyword)).map((t) => t.id));
    const answers = titleHits.size
      ? [...matched.filter((a) => !titleHits.has(a.faq_topic_id)), ...(await listAnswers(ctx.db, [...titleHits]))]
      : matched;
    answers.sort(
      (a, b) => new Date(a.created_at).getTime() - new Date(b.created_at).getTime() || a.id.localeCompare(b.id),
    );
    result = assemble(topics, answers, true);
  }
  if (useCache) {
    if (!cache) {
      cache = new Map();
      memo.set(ctx, cache);
    }
    if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
    cache.set(cacheKey, result);
  }
  return result;
}

function answerRow(topicId: string, a: z.infer<typeof support.FaqAnswerFields>, now: Date): FaqAnswerRow {
  const question = sanitizeRichHtml(a.question);
  const answer = sanitizeRichHtml(a.answer);
  if (!question) throw badRequest('Enter a question', 'question');
  if (!answer) throw badRequest('Enter an answer', 'answer');
  return {
    id: randomUUID(),
    faq_topic_id: topicId,
    question,
    answer,
    search_text: searchableText(question, answer),
    created_at: now,
    updated_at: now,
  };
}

async function faqById(db: Knex, id: string): Promise<support.Faq> {
  const topic = await findTopic(db, id);
  if (!topic) throw notFound('FAQ topic not found');
  return assemble([topic], await listAnswers(db, [id]), false)[0]!;
}

export const adminListFaq = async (ctx: ServiceContext) =>
  assemble(await listTopics(ctx.db), await listAnswers(ctx.db), false);
export const adminListTopics = async (ctx: ServiceContext) => (await listTopics(ctx.db)).map(toTopic);
export const adminListAnswers = async (ctx: ServiceContext, topicId?: string) =>
  (await listAnswers(ctx.db, topicId ? [topicId] : undefined)).map(toAnswer);

export async function createFaq(ctx: ServiceContext, body: z.infer<typeof support.FaqBody>): Promise<support.Faq> {
  const now = new Date();
  const id = randomUUID();
  const rows = body.FAQAnswers.map((a, i) => answerRow(id, a, new Date(now.getTime() + i)));
  await ctx.tx(async (trx) => {
    await trx('faq_topics').insert({
      id,
      title: body.title,
      title_lc: body.title.toLowerCase(),
      created_at: now,
      updated_at: now,
    });
    if (rows.length) await trx('faq_answers').insert(rows);
  });
  await invalidate(ctx);
  return faqById(ctx.db, id);
}

export async function updateFaq(
  ctx: ServiceContext,
  id: string,
  body: z.infer<typeof support.FaqUpdateBody>,
): Promise<support.Faq> {
  const now = new Date();
  const rows = body.FAQAnswers?.map((a, i) => answerRow(id, a, new Date(now.getTime() + i)));
  await ctx.tx(async (trx) => {
    const topic = await findTopic(trx, id);
    if (!topic) throw notFound('FAQ topic not found');
    await trx('faq_topics')
      .where({ id })
      .update({
        updated_at: now,
        ...(body.title !== undefined ? { title: body.title, title_lc: body.title.toLowerCase() } : {}),
      });
    if (rows) {
      await trx('faq_answers').where({ faq_topic_id: id }).delete();
      if (rows.length) await trx('faq_answers').insert(rows);
    }
  });
  await invalidate(ctx);
  return faqById(ctx.db, id);
}

export async function deleteTopic(ctx: ServiceContext, id: string): Promise<void> {
  const gone = await ctx.db('faq_topics').where({ id }).delete().returning('id');
  if (!gone.length) throw notFound('FAQ topic not found');
  await invalidate(ctx);
}

export async function createTopic(ctx: ServiceContext, title: string) {
  const now = new Date();
  const row: FaqTopicRow = { id: randomUUID(), title, title_lc: title.toLowerCase(), created_at: now, updated_at: now };
  await ctx.db('faq_topics').insert(row);
  await invalidate(ctx);
  return toTopic(row);
}

export async function updateTopic(ctx: ServiceContext, id: string, title: string) {
  const [row] = (await ctx
    .db('faq_topics')
    .where({ id })
    .update({ title, title_lc: title.toLowerCase(), updated_at: new Date() })
    .returning('*')) as FaqTopicRow[];
  if (!row) throw notFound('FAQ topic not found');
  await invalidate(ctx);
  return toTopic(row);
}

export async function createAnswer(ctx: ServiceContext, body: z.infer<typeof support.FaqAnswerBody>) {
  if (!(await findTopic(ctx.db, body.faq_topic_id))) throw badRequest('FAQ topic not found', 'faq_topic_id');
  const row = answerRow(body.faq_topic_id, body, new Date());
  await ctx.db('faq_answers').insert(row);
  await invalidate(ctx);
  return toAnswer(row);
}

export async function updateAnswer(
  ctx: ServiceContext,
  id: string,
  body: Partial<z.infer<typeof support.FaqAnswerBody>>,
) {
  const current = await findAnswer(ctx.db, id);
  if (!current) throw notFound('FAQ answer not found');
  if (body.faq_topic_id && !(await findTopic(ctx.db, body.faq_topic_id)))
    throw badRequest('FAQ topic not found', 'faq_topic_id');
  const next = answerRow(
    body.faq_topic_id ?? current.faq_topic_id,
    { question: body.question ?? current.question, answer: body.answer ?? current.answer },
    new Date(),
  );
  const [row] = (await ctx
    .db('faq_answers')
    .where({ id })
    .update({
      faq_topic_id: next.faq_topic_id,
      question: next.question,
      answer: next.answer,
      search_text: next.search_text,
      updated_at: next.updated_at,
    })
    .returning('*')) as FaqAnswerRow[];
  await invalidate(ctx);
  return toAnswer(row!);
}

export async function deleteAnswer(ctx: ServiceContext, id: string): Promise<void> {
  const gone = await ctx.db('faq_answers').where({ id }).delete().returning('id');
  if (!gone.length) throw notFound('FAQ answer not found');
  await invalidate(ctx);
}
