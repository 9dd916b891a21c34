/**
 * The console's insights [ext]: counts per local day and hour (in the chatbot's TimeZone), and
 * what the searches asked for — each a GROUP BY in the database, never rows read into memory.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Counted, Insights, InsightsDay } from '../../protocol/index.ts';
import { addDays, type DayRange } from './calendar.ts';
import { rowsOf, type Db } from './db.ts';

const TOP = 10;

export async function insightsOf(db: Db, chatbot: string, range: DayRange, timeZone: string): Promise<Insights> {
  const within = (column: SQL) =>
    sql`${column} >= ${range.start.toISOString()}::timestamptz AND ${column} < ${range.end.toISOString()}::timestamptz`;
  const dayOf = (column: SQL) => sql`to_char(${column} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;
  const perDay = (query: SQL) => db.execute(query).then((r) => rowsOf<{ day: string; n: string | number }>(r));
  const top = (values: SQL) =>
    db
      .execute(
        sql`SELECT v AS name, count(*) AS n FROM messages a, ${values} AS v(v)
        WHERE a.chatbot = ${chatbot} AND a.role = 'answer' AND a.asked IS NOT NULL AND ${within(sql`a.created_at`)}
        GROUP BY v ORDER BY count(*) DESC, v LIMIT ${TOP}`,
      )
      .then((r) =>
        rowsOf<{ name: string; n: string | number }>(r).map((x): Counted => ({ Name: x.name, Count: Number(x.n) })),
      );

  const [questions, answered, votes, leads, hours, cities, types, bands, live] = await Promise.all([
    perDay(sql`SELECT ${dayOf(sql`q.created_at`)} AS day, count(*) AS n, count(DISTINCT q.session_id) AS c
      FROM messages q WHERE q.chatbot = ${chatbot} AND q.role = 'question' AND ${within(sql`q.created_at`)} GROUP BY 1`),
    perDay(sql`SELECT ${dayOf(sql`a.created_at`)} AS day, count(*) AS n
      FROM messages a WHERE a.chatbot = ${chatbot} AND a.role = 'answer' AND a.status = 'complete' AND NOT a.no_answer AND ${within(sql`a.created_at`)} GROUP BY 1`),
    db
      .execute(
        sql`SELECT ${dayOf(sql`a.created_at`)} AS day, count(*) FILTER (WHERE f.rating = 'up') AS up, count(*) FILTER (WHERE f.rating = 'down') AS down
        FROM feedback f JOIN messages a ON a.id = f.answer_id WHERE f.chatbot = ${chatbot} AND ${within(sql`a.created_at`)} GROUP BY 1`,
      )
      .then((r) => rowsOf<{ day: string; up: string | number; down: string | number }>(r)),
    perDay(
      sql`SELECT ${dayOf(sql`l.created_at`)} AS day, count(*) AS n FROM leads l WHERE l.chatbot = ${chatbot} AND ${within(sql`l.created_at`)} GROUP BY 1`,
    ),
    db
      .execute(
        sql`SELECT extract(hour FROM q.created_at AT TIME ZONE ${timeZone})::int AS hour, count(*) AS n
        FROM messages q WHERE q.chatbot = ${chatbot} AND q.role = 'question' AND ${within(sql`q.created_at`)} GROUP BY 1`,
      )
      .then((r) => rowsOf<{ hour: number; n: string | number }>(r)),
    top(sql`jsonb_array_elements_text(a.asked->'cities')`),
    top(sql`jsonb_array_elements_text(a.asked->'propertyTypes')`),
    top(sql`jsonb_array_elements_text(jsonb_path_query_array(a.asked, '$.priceBand'))`),
    db
      .execute(
        sql`SELECT count(*) AS n, count(l.first_reply_at) AS answered,
          percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM l.first_reply_at - l.created_at)) AS median
        FROM leads l WHERE l.chatbot = ${chatbot} AND l.live AND ${within(sql`l.created_at`)}`,
      )
      .then((r) => rowsOf<{ n: string | number; answered: string | number; median: string | number | null }>(r)[0]),
  ]);

  const days = new Map<string, InsightsDay>();
  for (let day = range.from; day <= range.to; day = addDays(day, 1))
    days.set(day, { Day: day, Conversations: 0, Questions: 0, Answered: 0, Up: 0, Down: 0, Leads: 0 });
  const at = (day: string) => days.get(day);
  for (const r of questions as { day: string; n: string | number; c?: string | number }[]) {
    const d = at(r.day);
    if (d) Object.assign(d, { Questions: Number(r.n), Conversations: Number(r.c ?? 0) });
  }
  for (const r of answered) if (at(r.day)) at(r.day)!.Answered = Number(r.n);
  for (const r of votes) if (at(r.day)) Object.assign(at(r.day)!, { Up: Number(r.up), Down: Number(r.down) });
  for (const r of leads) if (at(r.day)) at(r.day)!.Leads = Number(r.n);
  const byHour = Array.from({ length: 24 }, () => 0);
  for (const r of hours) byHour[Number(r.hour)] = Number(r.n);

  return {
    From: range.from,
    To: range.to,
    TimeZone: timeZone,
    Days: [...days.values()],
    Hours: byHour,
    Cities: cities,
    PropertyTypes: types,
    PriceBands: bands,
    Live: {
      Handoffs: Number(live?.n ?? 0),
      Answered: Number(live?.answered ?? 0),
      MedianFirstReplySeconds: live?.median == null ? null : Math.round(Number(live.median)),
    },
  };
}
