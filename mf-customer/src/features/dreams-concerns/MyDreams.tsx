import { QaBoard } from './QaBoard';

/** My Dreams (dreams-concerns/my-dreams): the household's dreams, answered from the reference questions (issue 11). */
export function MyDreams() {
  return <QaBoard kind="dream" />;
}
