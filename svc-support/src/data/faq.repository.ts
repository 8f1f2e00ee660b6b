import type { Knex } from '@kinfolio/service-kit';

export interface FaqTopicRow {
  id: string;
  title: string;
  title_lc: string;
  created_at: Date | string;
  updated_at: Date | string;
}
export interface FaqAnswerRow {
  id: string;
  faq_topic_id: string;
  question: string;
  answer: string;
  search_text: string;
  created_at: Date | string;
  updated_at: Date | string;
}

export const listTopics = (db: Knex): Promise<FaqTopicRow[]> =>
  db<FaqTopicRow>('faq_topics').orderBy([{ column: 'created_at' }, { column: 'id' }]);
export const findTopic = (db: Knex, id: string): Promise<FaqTopicRow | undefined> =>
  db<FaqTopicRow>('faq_topics').where({ id }).first();
export const findAnswer = (db: Knex, id: string): Promise<FaqAnswerRow | undefined> =>
  db<FaqAnswerRow>('faq_answers').where({ id }).first();

export function listAnswers(db: Knex, topicIds?: string[]): Promise<FaqAnswerRow[]> {
  const q = db<FaqAnswerRow>('faq_answers').orderBy([{ column: 'created_at' }, { column: 'id' }]);
  if (topicIds) q.whereIn('faq_topic_id', topicIds);
  return q;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Keyword search over the precomputed lowercased text column (question and answer without tags) and the topic's
 * lowercased title: a plain LIKE over short, already-normalised text, no tag stripping at query time.
 */
export async function searchAnswers(db: Knex, keyword: string): Promise<FaqAnswerRow[]> {
  const pattern = `%${escapeLike(keyword.toLowerCase())}%`;
  return db<FaqAnswerRow>('faq_answers as a')
    .join('faq_topics as t', 't.id', 'a.faq_topic_id')
    .where((w) =>
      w.whereRaw("a.search_text LIKE ? ESCAPE '\\'", [pattern]).orWhereRaw("t.title_lc LIKE ? ESCAPE '\\'", [pattern]),
    )
    .orderBy([{ column: 'a.created_at' }, { column: 'a.id' }])
    .select('a.*');
}

/** The same search done the naive way (strip tags and lowercase at query time): the benchmark's baseline. */
export async function searchAnswersNaive(db: Knex, keyword: string): Promise<FaqAnswerRow[]> {
  const pattern = `%${escapeLike(keyword)}%`;
  return db<FaqAnswerRow>('faq_answers as a')
    .join('faq_topics as t', 't.id', 'a.faq_topic_id')
    .where((w) =>
      w
        .whereRaw("regexp_replace(a.question || ' ' || a.answer, '<[^>]*>', ' ', 'g') ILIKE ? ESCAPE '\\'", [pattern])
        .orWhereRaw("t.title ILIKE ? ESCAPE '\\'", [pattern]),
    )
    .orderBy([{ column: 'a.created_at' }, { column: 'a.id' }])
    .select('a.*');
}
